import { useFormContext, type FieldError } from 'react-hook-form';
import type { z } from 'zod';
import type { ShopSettingsSchema } from '@/shared/schemas/settings';
import { FormField } from '@/web/components/form-field';
import { isolate } from '@/web/i18n/bidi';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/admin/messages';
import type { AdminSettings } from './api/delivery';

// Settings' fields of issue 37: confirming cash orders, the WhatsApp Business messages, and who pays
// first. The page places each in one of its sections; they are part of its form and save with it.

const c = messages.customers;

/** The part of the settings form these fields write. */
type ConfirmationForm = Pick<
  z.input<typeof ShopSettingsSchema>,
  'confirmation' | 'whatsappMessages' | 'prepay'
>;

/** A number field's text as the schema reads it: blank is null, which turns a rule off (zero would not). */
const numberOrNull = (value: unknown) => (value === '' || value === null ? null : Number(value));

const wholeHours = { type: 'number', inputMode: 'numeric', step: 1 } as const;

type SwitchName =
  'confirmation.cashOrders' | 'whatsappMessages.sendStatusChanges' | 'whatsappMessages.sendShipping';

/** A labelled on/off setting of the form: a checkbox, announced as a switch. */
function Switch({ id, name, label }: { id: string; name: SwitchName; label: string }) {
  const { register } = useFormContext<ConfirmationForm>();
  return (
    <label
      htmlFor={id}
      className="flex min-h-11 items-center gap-2 text-sm font-medium text-ink sm:col-span-2"
    >
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="size-4 shrink-0 accent-accent"
        {...register(name)}
      />
      {label}
    </label>
  );
}

const messageOf = (error: FieldError | undefined) => error?.message;

/** Whether a cash order waits for the customer's word, when she is asked, and how long it waits. */
export function ConfirmationFields() {
  const {
    register,
    formState: { errors },
  } = useFormContext<ConfirmationForm>();
  return (
    <>
      <Switch id="confirm-cash-orders" name="confirmation.cashOrders" label={c.confirmCashOrders} />
      <FormField
        id="message-delay-hours"
        {...wholeHours}
        min={0}
        max={48}
        label={c.messageDelayHours}
        error={messageOf(errors.confirmation?.messageDelayHours)}
        {...register('confirmation.messageDelayHours', { valueAsNumber: true })}
      />
      <FormField
        id="no-answer-hours"
        {...wholeHours}
        min={1}
        max={168}
        label={c.noAnswerHours}
        error={messageOf(errors.confirmation?.noAnswerHours)}
        {...register('confirmation.noAnswerHours', { valueAsNumber: true })}
      />
    </>
  );
}

const TEMPLATES = [
  { name: 'confirmationTemplate', id: 'confirmation-template', label: c.confirmationTemplate },
  { name: 'statusTemplate', id: 'status-template', label: c.statusTemplate },
  { name: 'shippedTemplate', id: 'shipped-template', label: c.shippedTemplate },
] as const;

/** Connected or not, and the webhook address the owner gives Meta. */
function WhatsAppStatus({ business }: { business: AdminSettings['whatsappBusiness'] }) {
  return (
    <>
      <p
        className={`rounded-field px-3 py-2 text-sm ring-1 ring-inset sm:col-span-2 ${
          business.configured
            ? 'bg-success/12 text-success ring-success/30'
            : 'bg-warning/12 text-warning ring-warning/30'
        }`}
      >
        {business.configured ? c.whatsappConnected : c.whatsappNotConnected}
      </p>
      <p className="text-sm break-all text-ink sm:col-span-2">
        {format(c.whatsappWebhook, { url: isolate(business.webhookUrl) })}
      </p>
    </>
  );
}

/**
 * Whether WhatsApp Business is connected (the server's environment says so; the owner only reads it),
 * the webhook address to give Meta, the approved templates' names, and which news goes on WhatsApp.
 */
export function WhatsAppFields({ business }: { business: AdminSettings['whatsappBusiness'] | undefined }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<ConfirmationForm>();
  return (
    <>
      {/* An answer without it (a server from before issue 37) still shows the fields, as for the couriers. */}
      {business && <WhatsAppStatus business={business} />}
      {TEMPLATES.map(({ name, id, label }) => (
        <FormField
          key={name}
          id={id}
          dir="ltr"
          autoComplete="off"
          spellCheck={false}
          label={label}
          error={messageOf(errors.whatsappMessages?.[name])}
          {...register(`whatsappMessages.${name}`)}
        />
      ))}
      <Switch
        id="send-status-changes"
        name="whatsappMessages.sendStatusChanges"
        label={c.sendStatusChanges}
      />
      <Switch id="send-shipping" name="whatsappMessages.sendShipping" label={c.sendShipping} />
    </>
  );
}

/** The two rules that make a customer pay before the parcel ships; each left empty is off. */
export function PrepayFields() {
  const {
    register,
    formState: { errors },
  } = useFormContext<ConfirmationForm>();
  return (
    <>
      <FormField
        id="prepay-first-order-over"
        type="number"
        inputMode="decimal"
        min={0}
        step="0.01"
        label={c.prepayFirstOrderOver}
        hint={c.ruleOff}
        error={messageOf(errors.prepay?.firstOrderOver)}
        {...register('prepay.firstOrderOver', { setValueAs: numberOrNull })}
      />
      <FormField
        id="prepay-refusals-at-least"
        {...wholeHours}
        min={1}
        max={20}
        label={c.prepayRefusalsAtLeast}
        hint={c.ruleOff}
        error={messageOf(errors.prepay?.refusalsAtLeast)}
        {...register('prepay.refusalsAtLeast', { setValueAs: numberOrNull })}
      />
    </>
  );
}
