import type { Language } from '@/shared/language';
import { inLanguage } from '@/shared/localized';
import { formatEgp } from '@/shared/money-text';
import { ORDER_STATUS_WORDS } from '@/shared/order-words';
import type { OrderDto } from '@/shared/schemas/order';
import type { ShopSettings } from '@/shared/schemas/settings';
import { whatsappDigits } from '@/shared/whatsapp';
import type { DbOrTx } from '../db/client';
import type { ShippedFacts, StatusChangeFacts } from '../mail/compose';
import { translatorIn } from '../plugins/language';
import { productNames, variantDisplayName } from '../stock/stock';
import { enqueueWhatsApp } from './outbox';

/** The quick replies of the confirmation template, in its buttons' order: 'Confirm', then 'Cancel'. */
export const CONFIRM_PAYLOAD = 'confirm';
export const CANCEL_PAYLOAD = 'cancel';

/** A button's payload for an order, and back: 'confirm:<order id>'. */
export function replyPayload(answer: typeof CONFIRM_PAYLOAD | typeof CANCEL_PAYLOAD, orderId: string) {
  return `${answer}:${orderId}`;
}
export function readReplyPayload(
  payload: string,
): { answer: typeof CONFIRM_PAYLOAD | typeof CANCEL_PAYLOAD; orderId: string } | null {
  const match = /^(confirm|cancel):([0-9a-f-]{36})$/i.exec(payload);
  return match
    ? { answer: match[1]!.toLowerCase() as 'confirm' | 'cancel', orderId: match[2]!.toLowerCase() }
    : null;
}

/** Meta refuses an empty parameter: a blank one says so with a dash. */
const orDash = (text: string | null | undefined) => (text && text.trim() !== '' ? text : '-');

/** 'Layla Dress (M / Navy) × 2, Nile Scarf × 1': the lines as the customer bought them, in her language. */
function linesText(order: OrderDto, language: Language): string {
  const say = translatorIn(language);
  return order.products
    .map((line) => {
      const names = productNames(line.product);
      const options = line.variant && ((language === 'ar' && line.variant.optionsAr) || line.variant.options);
      const name = options ? say.phrase(variantDisplayName(names, [], options)) : inLanguage(names, language);
      return `${name} × ${line.quantity}`;
    })
    .join(language === 'ar' ? '، ' : ', ');
}

export interface WhatsAppMessagesDeps {
  /** The owner's settings when each message is written: the templates, the delay, the switches. */
  settings: { current(tx?: DbOrTx): Promise<{ settings: ShopSettings }> };
  /** What tells the time (tests move it). */
  clock?: () => number;
  /** Wakes the sender once the transaction that queued messages committed. */
  wake: () => void;
}

/**
 * The shop's WhatsApp messages (issue 37), written into the outbox in the caller's transaction beside
 * its e-mails (the Mailer calls these): the confirmation a cash order asks for, after the owner's
 * delay, with 'Confirm' and 'Cancel' buttons; a status change; the parcel's tracking link. A number
 * WhatsApp cannot reach is left out; each is one approved template in the order's language.
 */
export class WhatsAppMessages {
  private readonly clock: () => number;

  constructor(private readonly deps: WhatsAppMessagesDeps) {
    this.clock = deps.clock ?? Date.now;
  }

  async confirmation(tx: DbOrTx, order: OrderDto, language: Language): Promise<void> {
    const to = whatsappDigits(order.phone);
    if (!order.confirmation.awaiting || !to) return;
    const { confirmation, whatsappMessages } = (await this.deps.settings.current(tx)).settings;
    const bodyParameters = [
      order.name,
      order.number,
      linesText(order, language),
      formatEgp(order.grandTotal, language),
      order.address,
    ];
    await enqueueWhatsApp(tx, {
      orderId: order.id,
      purpose: 'confirmation',
      dedupeKey: `confirmation:${order.id}`,
      message: {
        to,
        template: whatsappMessages.confirmationTemplate,
        language,
        bodyParameters,
        quickReplies: [replyPayload(CONFIRM_PAYLOAD, order.id), replyPayload(CANCEL_PAYLOAD, order.id)],
      },
      summary: bodyParameters.join(' · '),
      sendAt: new Date(this.clock() + confirmation.messageDelayHours * 3_600_000),
    });
  }

  async statusChanged(tx: DbOrTx, change: StatusChangeFacts & { phone: string }): Promise<void> {
    const to = whatsappDigits(change.phone);
    const { whatsappMessages } = (await this.deps.settings.current(tx)).settings;
    if (!to || !whatsappMessages.sendStatusChanges) return;
    const status = translatorIn(change.language).text(ORDER_STATUS_WORDS[change.status]);
    const bodyParameters = [change.customer.name, change.number, status, orDash(change.note)];
    await enqueueWhatsApp(tx, {
      orderId: change.orderId,
      purpose: 'status',
      message: { to, template: whatsappMessages.statusTemplate, language: change.language, bodyParameters },
      summary: bodyParameters.join(' · '),
    });
  }

  async shipped(tx: DbOrTx, facts: ShippedFacts & { phone: string }): Promise<void> {
    const to = whatsappDigits(facts.phone);
    const { whatsappMessages } = (await this.deps.settings.current(tx)).settings;
    if (!to || !whatsappMessages.sendShipping) return;
    const bodyParameters = [
      facts.customer.name,
      facts.number,
      orDash(facts.trackingUrl ?? facts.trackingNumber),
      formatEgp(facts.cashToCollect, facts.language),
    ];
    await enqueueWhatsApp(tx, {
      orderId: facts.orderId,
      purpose: 'shipped',
      dedupeKey: `shipped:${facts.orderId}`,
      message: { to, template: whatsappMessages.shippedTemplate, language: facts.language, bodyParameters },
      summary: bodyParameters.join(' · '),
    });
  }

  committed(): void {
    this.deps.wake();
  }
}
