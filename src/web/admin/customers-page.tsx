import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Ban, NotebookPen, Search, ShoppingBag, Undo2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { BLOCK_MODES } from '@/shared/constants';
import { CustomerPatchSchema, type CustomerDto } from '@/shared/schemas/confirmation';
import { FormField, TextAreaField } from '@/web/components/form-field';
import { Pagination } from '@/web/components/pagination';
import { isolate } from '@/web/i18n/bidi';
import { formatDateTime } from '@/web/i18n/dates';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/admin/messages';
import { failureText, useFailureToast } from '@/web/lib/failure-text';
import { notify } from '@/web/lib/notify';
import { useDocumentTitle } from '@/web/lib/shop';
import { href } from '@/web/paths';
import { AdminHeader } from './admin-ui';
import { customersQuery, useSaveCustomer } from './api/confirmation';
import { RiskBadges } from './customer-record';

const c = messages.customers;
const m = messages.admin;

/** What the block form sends: the shared contract's block, a reason and what it refuses. */
const BlockFormSchema = z.object({ block: CustomerPatchSchema.shape.block.unwrap().unwrap() });
type BlockForm = z.infer<typeof BlockFormSchema>;
type BlockInput = z.input<typeof BlockFormSchema>;
const NoteFormSchema = CustomerPatchSchema.pick({ note: true }).required();
type NoteForm = z.infer<typeof NoteFormSchema>;

/** The list's place in the address: the search as written and the page, so a reload or Back keeps both. */
function readListParams(params: URLSearchParams) {
  const page = Number(params.get('page'));
  return {
    search: params.get('search')?.trim() ?? '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

function writeListParams({ search, page }: { search: string; page: number }) {
  const params = new URLSearchParams();
  if (search) params.set('search', search);
  if (page > 1) params.set('page', String(page));
  return params;
}

/** The search box: a name or a phone number in any form (the server compares the number's digits). */
function CustomerSearch({ search, onSearch }: { search: string; onSearch: (search: string) => void }) {
  const [text, setText] = useState(search);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" aria-label={c.searchCustomers} onSubmit={submit} className="mb-6 flex gap-2">
      <label htmlFor="customer-search" className="sr-only">
        {c.searchCustomers}
      </label>
      <div className="relative min-w-0 flex-1">
        <Search
          className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted"
          aria-hidden="true"
        />
        <input
          id="customer-search"
          type="search"
          className="field ps-9"
          placeholder={c.searchCustomers}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <button type="submit" className="btn btn-primary">
        {m.search}
      </button>
    </form>
  );
}

/** Why the number was blocked and what the block refuses, with the button that lifts it. */
function BlockedState({
  customer,
  describedBy,
  saving,
  onUnblock,
}: {
  customer: CustomerDto;
  describedBy: string;
  saving: boolean;
  onUnblock: () => void;
}) {
  if (!customer.blocked) return null;
  return (
    <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-field bg-danger/10 px-3 py-2">
      <p className="min-w-0 flex-1 text-sm text-danger">
        <span className="font-semibold">
          {format(c.blockedBecause, { reason: isolate(customer.blocked.reason) })}
        </span>{' '}
        · {c.blockModes[customer.blocked.mode]}
      </p>
      <button
        type="button"
        className="btn btn-outline"
        aria-describedby={describedBy}
        disabled={saving}
        onClick={onUnblock}
      >
        <Undo2 className="size-4" aria-hidden="true" />
        {c.unblock}
      </button>
    </div>
  );
}

/** The owner's reason and what the block refuses: cash on delivery only, or every order. */
function BlockPanel({
  id,
  saving,
  onBlock,
  onCancel,
}: {
  id: string;
  saving: boolean;
  onBlock: (values: BlockForm) => void;
  onCancel: () => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<BlockInput, unknown, BlockForm>({
    resolver: zodResolver(BlockFormSchema),
    defaultValues: { block: { reason: '', mode: 'cash' } },
  });
  const modeId = `${id}-mode`;
  return (
    <form
      id={id}
      noValidate
      className="mt-3 grid gap-3 border-t border-line pt-3"
      onSubmit={handleSubmit(onBlock)}
    >
      <FormField
        id={`${id}-reason`}
        label={c.blockReason}
        maxLength={300}
        autoFocus
        error={errors.block?.reason?.message}
        {...register('block.reason')}
      />
      <fieldset aria-labelledby={modeId}>
        <p id={modeId} className="label">
          {c.blockMode}
        </p>
        <div className="flex flex-wrap gap-x-5 gap-y-1">
          {BLOCK_MODES.map((mode) => (
            <label key={mode} className="flex min-h-11 items-center gap-2 text-sm text-ink">
              <input type="radio" value={mode} className="size-4 accent-accent" {...register('block.mode')} />
              {c.blockModes[mode]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn btn-outline" onClick={onCancel}>
          {m.cancel}
        </button>
        <button type="submit" className="btn bg-danger text-on-accent hover:opacity-90" disabled={saving}>
          <Ban className="size-4" aria-hidden="true" />
          {c.block}
        </button>
      </div>
    </form>
  );
}

/** The owner's note on the number, which every order of it shows. */
function NotePanel({
  id,
  note,
  saving,
  onSave,
  onCancel,
}: {
  id: string;
  note: string;
  saving: boolean;
  onSave: (values: NoteForm) => void;
  onCancel: () => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<NoteForm>({ resolver: zodResolver(NoteFormSchema), defaultValues: { note } });
  return (
    <form
      id={id}
      noValidate
      className="mt-3 grid gap-3 border-t border-line pt-3"
      onSubmit={handleSubmit(onSave)}
    >
      <TextAreaField
        id={`${id}-text`}
        label={c.customerNote}
        rows={3}
        maxLength={1000}
        autoFocus
        error={errors.note?.message}
        {...register('note')}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn btn-outline" onClick={onCancel}>
          {m.cancel}
        </button>
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? m.saving : c.saveNote}
        </button>
      </div>
    </form>
  );
}

/** One number: who ordered from it last, its record, its risks, and the owner's note and block. */
function CustomerCard({ customer }: { customer: CustomerDto }) {
  const nameId = useId();
  const panelId = useId();
  const [open, setOpen] = useState<'note' | 'block' | null>(null);
  const save = useSaveCustomer(customer.phone);
  const onError = (error: unknown) => notify.error(failureText(error, c.failedToSaveCustomer));
  const saved = (text: string) => () => {
    setOpen(null);
    notify.success(text);
  };
  const toggle = (panel: 'note' | 'block') => setOpen((current) => (current === panel ? null : panel));

  return (
    <li className="card p-4" aria-labelledby={nameId}>
      <div className="flex flex-col gap-3 md:flex-row md:items-start md:justify-between">
        <div className="min-w-0">
          <h2 id={nameId} className="font-sans text-base font-semibold text-ink">
            <bdi>{customer.name || customer.phone}</bdi>
          </h2>
          <p className="flex flex-wrap gap-x-3 text-sm text-ink-soft">
            <a href={`tel:${customer.phone}`} dir="ltr" className="hover:text-accent">
              {customer.phone}
            </a>
            {customer.email && (
              <bdi dir="ltr" className="break-all">
                {customer.email}
              </bdi>
            )}
          </p>
          <p className="text-xs text-muted">
            {format(c.lastOrder, { date: isolate(formatDateTime(customer.lastOrderAt)) })}
          </p>
        </div>
        <div className="text-sm text-ink-soft md:text-end">
          <p className="font-medium text-ink">
            {format(c.recordOrders, { orders: customer.orders })} ·{' '}
            {format(c.recordOpen, { open: customer.open })}
          </p>
          <p>
            {format(c.recordOutcomes, {
              delivered: customer.delivered,
              refused: customer.refused,
              returned: customer.returned,
              cancelled: customer.cancelled,
            })}
          </p>
        </div>
      </div>

      {customer.risks.length > 0 && (
        <div className="mt-3">
          <RiskBadges risks={customer.risks} />
        </div>
      )}
      <BlockedState
        customer={customer}
        describedBy={nameId}
        saving={save.isPending}
        onUnblock={() => save.mutate({ block: null }, { onSuccess: saved(c.unblocked), onError })}
      />
      {customer.note && open !== 'note' && (
        <p className="mt-3 text-sm whitespace-pre-line text-ink" dir="auto">
          {customer.note}
        </p>
      )}

      <div className="mt-3 flex flex-wrap gap-2">
        <Link
          to={href.adminOrdersWhere({ customer: customer.phone })}
          className="btn btn-outline"
          aria-describedby={nameId}
        >
          <ShoppingBag className="size-4" aria-hidden="true" />
          {c.customerOrders}
        </Link>
        <button
          type="button"
          className="btn btn-ghost"
          aria-expanded={open === 'note'}
          aria-controls={open === 'note' ? panelId : undefined}
          aria-describedby={nameId}
          onClick={() => toggle('note')}
        >
          <NotebookPen className="size-4" aria-hidden="true" />
          {c.customerNote}
        </button>
        {!customer.blocked && (
          <button
            type="button"
            className="btn btn-ghost text-danger"
            aria-expanded={open === 'block'}
            aria-controls={open === 'block' ? panelId : undefined}
            aria-describedby={nameId}
            onClick={() => toggle('block')}
          >
            <Ban className="size-4" aria-hidden="true" />
            {c.block}
          </button>
        )}
      </div>

      {open === 'note' && (
        <NotePanel
          id={panelId}
          note={customer.note}
          saving={save.isPending}
          onSave={(values) => save.mutate(values, { onSuccess: saved(c.noteSaved), onError })}
          onCancel={() => setOpen(null)}
        />
      )}
      {open === 'block' && !customer.blocked && (
        <BlockPanel
          id={panelId}
          saving={save.isPending}
          onBlock={(values) => save.mutate(values, { onSuccess: saved(c.blocked), onError })}
          onCancel={() => setOpen(null)}
        />
      )}
    </li>
  );
}

function Skeleton() {
  return (
    <div role="status" aria-label={m.loading} className="grid gap-3">
      {Array.from({ length: 5 }, (_, index) => (
        <div key={index} data-testid="customer-skeleton" className="card h-28 animate-pulse bg-sand/60" />
      ))}
    </div>
  );
}

/**
 * /dashboard/customers (issue 37): every phone number that has ordered, the latest to order first, one
 * card each with its record and risks; the owner notes or blocks a number here, and opens its orders
 * on the desk. The search and the page are in the address, as the orders list keeps its filters.
 */
export default function CustomersPage() {
  useDocumentTitle(c.customersTitle);
  const [params, setParams] = useSearchParams();
  const { search, page } = readListParams(params);
  const go = (next: { search?: string; page?: number }) =>
    setParams(writeListParams({ search: next.search ?? search, page: next.page ?? 1 }), { replace: true });

  const list = useQuery({ ...customersQuery({ search, page }), placeholderData: keepPreviousData });
  useFailureToast(list.error, c.failedToLoadCustomers);
  const customers = list.data?.results ?? [];

  return (
    <section>
      <AdminHeader title={c.customersTitle} />
      {/* Keyed by the search in the address: Back to another search shows its words in the box. */}
      <CustomerSearch key={search} search={search} onSearch={(next) => go({ search: next })} />

      {list.isPending ? (
        <Skeleton />
      ) : customers.length === 0 ? (
        <p className="card px-6 py-14 text-center text-lg text-ink-soft">
          {list.isError ? c.failedToLoadCustomers : c.noCustomers}
        </p>
      ) : (
        <>
          <ul className="grid gap-3">
            {customers.map((customer) => (
              <CustomerCard key={customer.phone} customer={customer} />
            ))}
          </ul>
          <div className="mt-6">
            <Pagination
              page={page}
              totalPages={list.data?.pagination.pages ?? 1}
              onPageChange={(next) => go({ page: next })}
            />
          </div>
        </>
      )}
    </section>
  );
}
