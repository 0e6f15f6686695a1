import { zodResolver } from '@hookform/resolvers/zod';
import { Ban, ListOrdered, ShieldCheck } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { BLOCK_MODES, type CustomerRisk } from '@/shared/constants';
import { CustomerPatchSchema, type CustomerRecordDto } from '@/shared/schemas/confirmation';
import { messages } from '@/web/admin/messages';
import { FieldError, FormField, TextAreaField } from '@/web/components/form-field';
import { isolate } from '@/web/i18n/bidi';
import { format } from '@/web/i18n/language';
import { failureText } from '@/web/lib/failure-text';
import { notify } from '@/web/lib/notify';
import { href } from '@/web/paths';
import { useSaveCustomer } from './api/confirmation';

const t = messages.customers;

/** A number's record as the order answer and the customers list carry it; the phone comes beside it. */
export type CustomerRecordView = Omit<CustomerRecordDto, 'phone'>;

const RISK_TEXTS: Record<CustomerRisk, string> = {
  refusedBefore: t.riskRefusedBefore,
  severalOpen: t.riskSeveralOpen,
  blocked: t.riskBlocked,
};

/** Why the desk flags the number's orders, each a badge. */
export function RiskBadges({ risks }: { risks: readonly CustomerRisk[] }) {
  if (risks.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1.5">
      {risks.map((risk) => (
        <li
          key={risk}
          className="inline-flex rounded-pill bg-danger/12 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-danger ring-1 ring-danger/30 ring-inset"
        >
          {RISK_TEXTS[risk]}
        </li>
      ))}
    </ul>
  );
}

const NoteSchema = CustomerPatchSchema.pick({ note: true }).required();
type NoteInput = z.input<typeof NoteSchema>;

/**
 * How a list of numbers places one of the record's controls: `describedBy` names the number (its card's
 * heading) to each of its buttons, `autoFocus` takes the caret into a form the owner has just opened,
 * and `onSaved` runs once the change is saved and announced (a list closes the form it opened).
 */
type ControlPlacement = { describedBy?: string; autoFocus?: boolean; onSaved?: () => void };

/** The owner's note on the number: what staff should know before calling her. */
export function NoteForm({
  phone,
  note,
  describedBy,
  autoFocus,
  onSaved,
}: { phone: string; note: string } & ControlPlacement) {
  const id = useId();
  const {
    register,
    handleSubmit,
    formState: { errors, isDirty },
  } = useForm<NoteInput, unknown, z.output<typeof NoteSchema>>({
    resolver: zodResolver(NoteSchema),
    values: { note },
  });
  const save = useSaveCustomer(phone, {
    // The order (or list) is read again, and the form takes the note as saved (`values`).
    onSuccess: () => {
      notify.success(t.noteSaved);
      onSaved?.();
    },
  });
  return (
    <form
      noValidate
      className="flex flex-col gap-2"
      onSubmit={handleSubmit((values) =>
        save.mutate(values, {
          onError: (error) => notify.error(failureText(error, t.failedToSaveCustomer)),
        }),
      )}
    >
      <TextAreaField
        id={`${id}-note`}
        label={t.customerNote}
        dir="auto"
        fieldClassName="min-h-20"
        autoFocus={autoFocus}
        error={errors.note?.message}
        {...register('note')}
      />
      <button
        type="submit"
        className="btn btn-outline self-start"
        aria-describedby={describedBy}
        disabled={save.isPending || !isDirty}
      >
        {t.saveNote}
      </button>
    </form>
  );
}

const BlockSchema = z.object({
  block: CustomerPatchSchema.shape.block.unwrap().unwrap(),
});
type BlockInput = z.input<typeof BlockSchema>;

/** Block the number (why, and whether it refuses cash only or every order), or lift its block. */
export function BlockControl({
  phone,
  blocked,
  describedBy,
  autoFocus,
  onSaved,
}: { phone: string; blocked: CustomerRecordView['blocked'] } & ControlPlacement) {
  const id = useId();
  const save = useSaveCustomer(phone, {
    onSuccess: (answer) => {
      notify.success(answer.customer.blocked ? t.blocked : t.unblocked);
      onSaved?.();
    },
  });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<BlockInput, unknown, z.output<typeof BlockSchema>>({
    resolver: zodResolver(BlockSchema),
    defaultValues: { block: { reason: '', mode: 'cash' } },
  });
  const failed = (error: unknown) => notify.error(failureText(error, t.failedToSaveCustomer));

  if (blocked) {
    return (
      <div className="flex flex-col gap-2 rounded-field border border-danger/30 bg-danger/8 p-3 text-sm">
        <p className="flex items-start gap-2 font-semibold text-danger">
          <Ban className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span className="min-w-0 break-words">
            {format(t.blockedBecause, { reason: isolate(blocked.reason) })}
          </span>
        </p>
        <p className="text-ink-soft">
          {t.blockMode}: {t.blockModes[blocked.mode]}
        </p>
        <button
          type="button"
          className="btn btn-outline self-start"
          aria-describedby={describedBy}
          disabled={save.isPending}
          onClick={() => save.mutate({ block: null }, { onError: failed })}
        >
          <ShieldCheck className="size-4" aria-hidden="true" />
          {t.unblock}
        </button>
      </div>
    );
  }
  const modeError = errors.block?.mode?.message;
  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      aria-label={t.block}
      aria-describedby={describedBy}
      onSubmit={handleSubmit((values) => save.mutate(values, { onError: failed }))}
    >
      <FormField
        id={`${id}-reason`}
        label={t.blockReason}
        dir="auto"
        autoFocus={autoFocus}
        error={errors.block?.reason?.message}
        {...register('block.reason')}
      />
      <div>
        <label htmlFor={`${id}-mode`} className="label">
          {t.blockMode}
        </label>
        <select
          id={`${id}-mode`}
          className="field"
          aria-invalid={modeError ? true : undefined}
          aria-describedby={modeError ? `${id}-mode-error` : undefined}
          {...register('block.mode')}
        >
          {BLOCK_MODES.map((mode) => (
            <option key={mode} value={mode}>
              {t.blockModes[mode]}
            </option>
          ))}
        </select>
        <FieldError id={`${id}-mode-error`} error={modeError} />
      </div>
      <button
        type="submit"
        className="btn btn-outline self-start text-danger"
        aria-describedby={describedBy}
        disabled={save.isPending}
      >
        <Ban className="size-4" aria-hidden="true" />
        {t.block}
      </button>
    </form>
  );
}

/**
 * A phone number's record (issue 37): its orders and how they went, why the desk flags it, the owner's
 * note, its block, and a link to every order of the number. The order page shows the order's; a
 * customers list may show any number's.
 */
export function CustomerRecord({ record, phone }: { record: CustomerRecordView; phone: string }) {
  const titleId = useId();
  return (
    <section className="card p-5" aria-labelledby={titleId}>
      <h2 id={titleId} className="mb-4 text-xl text-ink">
        {t.recordTitle}
      </h2>
      <div className="flex flex-col gap-4">
        <div className="flex flex-col gap-1 text-sm">
          <p className="font-semibold text-ink">
            {format(t.recordOrders, { orders: record.orders })}
            <span className="font-normal text-muted">
              {' · '}
              {format(t.recordOpen, { open: record.open })}
            </span>
          </p>
          <p className="text-ink-soft">
            {format(t.recordOutcomes, {
              delivered: record.delivered,
              refused: record.refused,
              returned: record.returned,
              cancelled: record.cancelled,
            })}
          </p>
        </div>
        <RiskBadges risks={record.risks} />
        <Link
          to={href.adminOrdersWhere({ customer: phone })}
          className="inline-flex items-center gap-1.5 self-start text-sm font-semibold text-accent hover:underline"
        >
          <ListOrdered className="size-4" aria-hidden="true" />
          {t.customerOrders}
        </Link>
        <NoteForm phone={phone} note={record.note} />
        <div className="border-t border-line pt-4">
          <BlockControl phone={phone} blocked={record.blocked} />
        </div>
      </div>
    </section>
  );
}
