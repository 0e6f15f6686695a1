import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Clock, MessageCircle, PhoneCall, PhoneMissed } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CONTACT_CHANNELS, CONTACT_OUTCOMES } from '@/shared/constants';
import { GOVERNORATES, governorateName } from '@/shared/governorates';
import { localeOf } from '@/shared/language';
import {
  AddressChangeSchema,
  ContactInputSchema,
  type AddressChange,
  type ContactInput,
  type OrderContactDto,
  type OrderMessageDto,
} from '@/shared/schemas/confirmation';
import type { OrderDto } from '@/shared/schemas/order';
import { whatsappLink } from '@/shared/whatsapp';
import { messages } from '@/web/admin/messages';
import { FieldError, FormField, TextAreaField } from '@/web/components/form-field';
import { isolate } from '@/web/i18n/bidi';
import { formatDateTime } from '@/web/i18n/dates';
import { format, formatEgp, language } from '@/web/i18n/language';
import { lineTitle } from '@/web/lib/chosen-options-text';
import { failureText } from '@/web/lib/failure-text';
import { localizedName } from '@/web/lib/localized';
import { notify } from '@/web/lib/notify';
import { shopName } from '@/web/lib/shop';
import { href } from '@/web/paths';
import { useChangeAddress, useLogContact } from './api/confirmation';
import { adminSettingsQuery } from './api/settings';

const t = messages.customers;
const m = messages.admin;
const o = messages.orders;

/** Whether the order page shows the panel: the order awaits the customer's word, or someone spoke with her. */
export function showsConfirmation(order: OrderDto): boolean {
  return order.confirmation.awaiting || order.confirmation.contacts.length > 0;
}

// ---- wa.me messages, for a shop without WhatsApp Business ----

/** 'Linen Dress (M) × 2, and Scarf × 1': the lines as the customer bought them, in the page's language. */
function linesText(order: OrderDto): string {
  const lines = order.products.map((line) =>
    format(o.itemCount, {
      name: lineTitle(localizedName(line.product), line.variant, line.variantToConfirm),
      n: line.quantity,
    }),
  );
  return new Intl.ListFormat(localeOf(language), { type: 'conjunction' }).format(lines);
}

/** Where the customer follows her parcel: the courier's tracking page, its number, or her order's page. */
function trackingText(order: OrderDto): string {
  const { shipment } = order;
  return (
    shipment?.trackingUrl ?? shipment?.trackingNumber ?? new URL(href.order(order._id), location.origin).href
  );
}

interface ChatStep {
  label: string;
  text: string;
}

/**
 * The messages staff send by hand at each step the order reached: asking her to confirm while it awaits,
 * then 'shipped' with the tracking link, then 'delivered'.
 */
function chatSteps(order: OrderDto): ChatStep[] {
  const about = { name: isolate(order.name), shop: isolate(shopName), number: isolate(order.number) };
  const steps: ChatStep[] = [];
  if (order.confirmation.awaiting) {
    steps.push({
      label: t.whatsappConfirm,
      text: format(t.whatsappConfirmText, {
        ...about,
        lines: linesText(order),
        total: formatEgp(order.grandTotal),
        address: isolate(order.address),
      }),
    });
  }
  if (order.deliveryState !== 'notShipped') {
    steps.push({
      label: t.whatsappShipped,
      text: format(t.whatsappShippedText, { ...about, link: trackingText(order) }),
    });
  }
  if (order.deliveryState === 'delivered') {
    steps.push({ label: t.whatsappDelivered, text: format(t.whatsappDeliveredText, about) });
  }
  return steps;
}

function ChatLinks({ order }: { order: OrderDto }) {
  const links = chatSteps(order).flatMap((step) => {
    // Null only for a phone WhatsApp cannot reach: orders placed before the checkout checked phones.
    const link = whatsappLink(order.phone, step.text);
    return link ? [{ ...step, link }] : [];
  });
  if (links.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {links.map((step) => (
        <a
          key={step.label}
          href={step.link}
          target="_blank"
          rel="noopener noreferrer"
          className="btn btn-outline text-success"
        >
          <MessageCircle className="size-4 shrink-0" aria-hidden="true" />
          {step.label}
        </a>
      ))}
    </div>
  );
}

// ---- WhatsApp Business messages ----

function messageState(message: OrderMessageDto): string {
  switch (message.state) {
    case 'queued':
      return format(t.messageStates.queued, { time: formatDateTime(message.sendAt) });
    case 'sent':
      return format(t.messageStates.sent, { time: formatDateTime(message.sentAt ?? message.sendAt) });
    case 'failed':
      return format(t.messageStates.failed, { error: isolate(message.error ?? '') });
  }
}

const MESSAGE_TONES: Record<OrderMessageDto['state'], string> = {
  queued: 'text-muted',
  sent: 'text-success',
  failed: 'text-danger',
};

function MessageList({ list }: { list: OrderMessageDto[] }) {
  const titleId = useId();
  return (
    <div>
      <h3 id={titleId} className="mb-2 font-sans text-sm font-semibold text-ink-soft">
        {t.messagesTitle}
      </h3>
      {list.length === 0 ? (
        <p className="text-sm text-muted">{t.noMessages}</p>
      ) : (
        <ul aria-labelledby={titleId} className="flex flex-col gap-2 text-sm">
          {list.map((message) => (
            <li key={message._id} className="flex flex-wrap gap-x-2">
              <span className="font-semibold text-ink">{t.messagePurposes[message.purpose]}</span>
              <span className={MESSAGE_TONES[message.state]}>{messageState(message)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** wa.me links to send by hand, or, once WhatsApp Business is connected, what the shop sent itself. */
function WhatsApp({ order }: { order: OrderDto }) {
  const settings = useQuery(adminSettingsQuery);
  // Until the settings say, neither: a link to send by hand beside a message the shop sends is one too many.
  if (settings.isPending) return null;
  return settings.data?.whatsappBusiness.configured ? (
    <MessageList list={order.confirmation.messages} />
  ) : (
    <ChatLinks order={order} />
  );
}

// ---- Contacts ----

function contactWho(contact: OrderContactDto): string {
  if (contact.source === 'staff' && contact.by) {
    return format(m.historyBy, { name: isolate(contact.by.username) });
  }
  return t.contactSources[contact.source];
}

function Contacts({ contacts }: { contacts: OrderContactDto[] }) {
  const titleId = useId();
  return (
    <div>
      <h3 id={titleId} className="mb-2 font-sans text-sm font-semibold text-ink-soft">
        {t.contactsTitle}
      </h3>
      {contacts.length === 0 ? (
        <p className="text-sm text-muted">{t.noContacts}</p>
      ) : (
        <ol aria-labelledby={titleId} className="flex flex-col gap-3">
          {contacts.map((contact) => (
            <li key={contact._id} className="text-sm">
              <p className="font-semibold text-ink">
                {t.contactOutcomes[contact.outcome]}
                <span className="font-normal text-muted">
                  {' · '}
                  {t.contactChannels[contact.channel]}
                </span>
              </p>
              <p className="text-xs text-muted">
                <time dateTime={contact.at}>{formatDateTime(contact.at)}</time>
                {' · '}
                {contactWho(contact)}
              </p>
              {contact.note && (
                // Her own words when she replied on WhatsApp; staff's note otherwise.
                <p
                  dir="auto"
                  className={`mt-1 break-words whitespace-pre-line text-ink-soft ${
                    contact.source === 'customer' ? 'border-s-2 border-line-strong ps-2' : ''
                  }`}
                >
                  {contact.note}
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

type ContactFormInput = z.input<typeof ContactInputSchema>;

/** How a contact went, logged by hand: the channel, the outcome (none chosen yet), and a note. */
function ContactForm({ order }: { order: OrderDto }) {
  const id = useId();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ContactFormInput, unknown, ContactInput>({
    // The shared schema's English messages; the fields say them in the page's language (FieldError).
    resolver: zodResolver(ContactInputSchema),
    defaultValues: { channel: 'phone', note: '' },
  });
  const log = useLogContact(order._id, {
    onSuccess: (answer) => {
      notify.success(answer.message);
      reset();
    },
  });
  const onValid = ({ channel, outcome, note }: ContactInput) =>
    log.mutate(
      { channel, outcome, ...(note ? { note } : {}) },
      { onError: (error) => notify.error(failureText(error, t.failedToLogContact)) },
    );
  return (
    <form noValidate onSubmit={handleSubmit(onValid)} className="grid gap-3 sm:grid-cols-2">
      <h3 className="font-sans text-sm font-semibold text-ink-soft sm:col-span-2">{t.logContact}</h3>
      <div>
        <label htmlFor={`${id}-channel`} className="label">
          {t.contactChannel}
        </label>
        <select id={`${id}-channel`} className="field" {...register('channel')}>
          {CONTACT_CHANNELS.map((channel) => (
            <option key={channel} value={channel}>
              {t.contactChannels[channel]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-outcome`} className="label">
          {t.contactOutcome}
        </label>
        <select
          id={`${id}-outcome`}
          className="field"
          aria-invalid={errors.outcome ? true : undefined}
          aria-describedby={errors.outcome ? `${id}-outcome-error` : undefined}
          {...register('outcome')}
        >
          <option value="">{t.contactOutcomePrompt}</option>
          {CONTACT_OUTCOMES.map((outcome) => (
            <option key={outcome} value={outcome}>
              {t.contactOutcomes[outcome]}
            </option>
          ))}
        </select>
        <FieldError id={`${id}-outcome-error`} error={errors.outcome?.message} />
      </div>
      <TextAreaField
        id={`${id}-note`}
        label={t.contactNote}
        className="sm:col-span-2"
        fieldClassName="min-h-20"
        error={errors.note?.message}
        {...register('note')}
      />
      <button type="submit" className="btn btn-primary justify-self-start" disabled={log.isPending}>
        {t.saveContact}
      </button>
    </form>
  );
}

/** 'Called: confirmed' and 'Called: no answer': the two calls staff make most, one click each. */
function QuickCalls({ order }: { order: OrderDto }) {
  const log = useLogContact(order._id, { onSuccess: (answer) => notify.success(answer.message) });
  const call = (outcome: ContactInput['outcome']) =>
    log.mutate(
      { channel: 'phone', outcome },
      { onError: (error) => notify.error(failureText(error, t.failedToLogContact)) },
    );
  return (
    <div className="flex flex-wrap gap-2">
      <button
        type="button"
        className="btn btn-primary"
        disabled={log.isPending}
        onClick={() => call('confirmed')}
      >
        <PhoneCall className="size-4" aria-hidden="true" />
        {t.callConfirmed}
      </button>
      <button
        type="button"
        className="btn btn-outline"
        disabled={log.isPending}
        onClick={() => call('noAnswer')}
      >
        <PhoneMissed className="size-4" aria-hidden="true" />
        {t.callNoAnswer}
      </button>
    </div>
  );
}

// ---- The address she gave when she confirmed ----

type AddressFormInput = z.input<typeof AddressChangeSchema>;
type AddressField = Exclude<keyof AddressFormInput, 'governorate'>;

const HALF = 'col-span-6 sm:col-span-3';
const THIRD = 'col-span-2';
const ADDRESS_FIELDS: { name: AddressField; label: string; span: string; numeric?: boolean }[] = [
  { name: 'street', label: o.street, span: 'col-span-6' },
  { name: 'building', label: o.building, span: THIRD, numeric: true },
  { name: 'floor', label: o.floor, span: THIRD, numeric: true },
  { name: 'apartment', label: o.apartment, span: THIRD, numeric: true },
  { name: 'area', label: o.area, span: HALF },
  { name: 'landmark', label: o.landmark, span: HALF },
];

/** The governorates in the page's language, in the checkout's order (Greater Cairo first). */
const GOVERNORATE_OPTIONS = GOVERNORATES.map((governorate) => ({
  code: governorate.code,
  name: governorateName(governorate.code, language),
}));

function AddressForm({ order, onDone }: { order: OrderDto; onDone: () => void }) {
  const id = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AddressFormInput, unknown, AddressChange>({
    resolver: zodResolver(AddressChangeSchema),
    defaultValues: {
      street: order.street,
      building: order.building,
      floor: order.floor,
      apartment: order.apartment,
      landmark: order.landmark,
      area: order.area,
      governorate: order.governorate ?? undefined,
    },
  });
  const change = useChangeAddress(order._id, {
    onSuccess: (answer) => {
      notify.success(answer.message);
      onDone();
    },
  });
  const onValid = (address: AddressChange) =>
    change.mutate(address, {
      onError: (error) => notify.error(failureText(error, t.failedToChangeAddress)),
    });
  const governorateError = errors.governorate?.message;
  return (
    <form
      noValidate
      onSubmit={handleSubmit(onValid)}
      className="mt-3 grid grid-cols-6 gap-x-3 gap-y-3"
      aria-label={t.changeAddress}
    >
      {ADDRESS_FIELDS.map((field) => (
        <FormField
          key={field.name}
          id={`${id}-${field.name}`}
          label={field.label}
          inputMode={field.numeric ? 'numeric' : undefined}
          className={field.span}
          error={errors[field.name]?.message}
          {...register(field.name)}
        />
      ))}
      <div className="col-span-6 sm:col-span-3">
        <label htmlFor={`${id}-governorate`} className="label">
          {messages.delivery.governorate}
        </label>
        <select
          id={`${id}-governorate`}
          className="field"
          aria-invalid={governorateError ? true : undefined}
          aria-describedby={governorateError ? `${id}-governorate-error` : undefined}
          {...register('governorate')}
        >
          {order.governorate === null && <option value="">{messages.delivery.chooseGovernorate}</option>}
          {GOVERNORATE_OPTIONS.map((option) => (
            <option key={option.code} value={option.code}>
              {option.name}
            </option>
          ))}
        </select>
        <FieldError id={`${id}-governorate-error`} error={governorateError} />
      </div>
      <div className="col-span-6 flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={change.isPending}>
          {t.saveAddress}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          {m.cancel}
        </button>
      </div>
    </form>
  );
}

function AddressChanger({ order }: { order: OrderDto }) {
  const [open, setOpen] = useState(false);
  return (
    <div>
      <button
        type="button"
        className="btn btn-outline"
        aria-expanded={open}
        onClick={() => setOpen((was) => !was)}
      >
        {t.changeAddress}
      </button>
      {open && <AddressForm order={order} onDone={() => setOpen(false)} />}
    </div>
  );
}

// ---- The panel ----

/**
 * Confirming a cash order with the customer before it ships (issue 37): whether it awaits her word and
 * until when, the two calls staff make most, any contact logged by hand, every contact so far, and the
 * WhatsApp messages (sent by the shop, or wa.me links to send by hand). While it awaits, her address may
 * change too (each line's size or colour changes under the line). The server has the last word on each.
 */
export function ConfirmationPanel({ order }: { order: OrderDto }) {
  const { confirmation } = order;
  // The server takes contacts while the order is open; once shipped or cancelled it refuses them.
  const open = order.status === 'pending' || order.status === 'confirmed';
  return (
    <section className="card p-5" aria-labelledby="confirmation-panel">
      <h2 id="confirmation-panel" className="mb-4 text-xl text-ink">
        {t.confirmationTitle}
      </h2>
      <div className="flex flex-col gap-5">
        {confirmation.awaiting ? (
          <p className="flex items-start gap-2 rounded-field bg-warning/12 px-3 py-2 text-sm font-semibold text-warning">
            <Clock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {confirmation.confirmBy
              ? format(t.awaitingSince, { time: formatDateTime(confirmation.confirmBy) })
              : t.toConfirm}
          </p>
        ) : (
          <p className="text-sm text-muted">{t.confirmedAlready}</p>
        )}
        {confirmation.awaiting && <QuickCalls order={order} />}
        {confirmation.awaiting && <AddressChanger order={order} />}
        <WhatsApp order={order} />
        <Contacts contacts={confirmation.contacts} />
        {open && (
          <div className="border-t border-line pt-4">
            <ContactForm order={order} />
          </div>
        )}
      </div>
    </section>
  );
}
