import { type OrderStatus } from '@/shared/constants';
import { LINKED_FROM_MAIL } from '@/shared/shell-constants';
import { DEFAULT_LANGUAGE, directionOf, type Language } from '@/shared/language';
import { inLanguage } from '@/shared/localized';
import { ORDER_STATUS_WORDS, PAYMENT_TYPE_WORDS } from '@/shared/order-words';
import { format, messages } from '@/shared/messages';
import { mailAr } from '@/shared/messages/ar';
import type { Dictionary } from '@/shared/messages/dictionary';
import { mail } from '@/shared/messages/mail';
import { formatEgp } from '@/shared/money-text';
import { paymentInstructions } from '@/shared/payment-instructions';
import type { OrderDto } from '@/shared/schemas/order';
import type { Translator } from '@/shared/translate';
import escapeHtml from 'escape-html';
import { dictionaryIn, translatorIn } from '../plugins/language';
import { productNames, variantDisplayName } from '../stock/stock';

/** One e-mail as the outbox keeps it: both bodies are written when its cause commits. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** What the messages need to know of the shop, from the config. */
export interface ShopIdentity {
  name: string;
  walletNumber: string;
  /** Where the shop is reached (`https://shop.example`), for links in e-mails. */
  baseUrl: string;
}

/** A paragraph of the message: its plain text, and its HTML (escaped here, never by the caller). */
type Block = { text: string; html?: string };

const paragraph = (text: string): Block => ({ text, html: `<p>${escapeHtml(text)}</p>` });

function link(label: string, textLine: string, url: string): Block {
  return {
    text: textLine,
    html: `<p><a href="${escapeHtml(url)}" style="color:#7a4e2d">${escapeHtml(label)}</a></p>`,
  };
}

/**
 * What an e-mail is written with in one language: the mail section's texts in it, the rest of the
 * dictionary through its translator, its amounts and dates.
 */
interface Writer {
  language: Language;
  words: typeof mail;
  say: Translator;
  /** A text of `words` filled in this language. */
  fill(template: string, values: Record<string, string | number>): string;
  egp(amount: number): string;
}

const MAIL_WORDS: Record<Language, Dictionary<typeof mail>> = { en: mail, ar: mailAr };

function writerIn(language: Language): Writer {
  return {
    language,
    // Typed against the English section, key for key (messages/ar/mail.ts).
    words: MAIL_WORDS[language] as typeof mail,
    say: translatorIn(language),
    fill: (template, values) => format(template, values, language),
    egp: (amount) => formatEgp(amount, language),
  };
}

function compose(writer: Writer, to: string, subject: string, blocks: Block[]): MailMessage {
  const body = blocks.map((block) => block.html ?? `<p>${escapeHtml(block.text)}</p>`).join('\n');
  // English mails keep their markup as before; another language says which it is and its direction.
  const html =
    writer.language === DEFAULT_LANGUAGE
      ? '<html>'
      : `<html lang="${writer.language}" dir="${directionOf(writer.language)}">`;
  return {
    to,
    subject,
    text: `${blocks.map((block) => block.text).join('\n\n')}\n`,
    html:
      `<!doctype html>${html}<body style="font-family:Arial,sans-serif;color:#2b2118;line-height:1.5">\n` +
      `${body}\n</body></html>\n`,
  };
}

function linesBlock(w: Writer, order: OrderDto): Block {
  const rows = order.products.map((line) => ({
    // 'Layla Dress (M / Navy)': the size and colour bought, as the cart and stock messages name them.
    name: line.variant
      ? w.say.phrase(
          variantDisplayName(
            productNames(line.product),
            [],
            // An e-mail in Arabic names the values as the owner wrote them in Arabic (issue 35).
            (w.language === 'ar' && line.variant.optionsAr) || line.variant.options,
          ),
        )
      : line.variantToConfirm
        ? // 'Layla Dress (Size to confirm)': ordered without its size (issue 35); the owner chooses it.
          w.say.phrase({
            template: messages.cart.variantName,
            values: {
              name: productNames(line.product),
              values: { template: messages.orders.variantToConfirm },
            },
          })
        : inLanguage(productNames(line.product), w.language),
    quantity: line.quantity,
    price: w.egp(line.unitPrice * line.quantity),
  }));
  const sums = [
    w.fill(w.words.subtotal, { amount: w.egp(order.totalPrice) }),
    w.fill(w.words.shippingFee, { amount: w.egp(order.shippingFee) }),
    w.fill(w.words.grandTotal, { amount: w.egp(order.grandTotal) }),
  ];
  const cell = 'style="padding:4px 12px 4px 0"';
  return {
    text: [
      ...rows.map((row) => w.fill(w.words.orderLine, { name: row.name, n: row.quantity, price: row.price })),
      '',
      ...sums,
    ].join('\n'),
    html:
      '<table style="border-collapse:collapse">\n' +
      rows
        .map(
          (row) =>
            `<tr><td ${cell}>${escapeHtml(row.name)}</td><td ${cell}>× ${row.quantity}</td>` +
            `<td ${cell}>${escapeHtml(row.price)}</td></tr>`,
        )
        .join('\n') +
      '\n</table>\n' +
      sums.map((sum) => `<p style="margin:2px 0">${escapeHtml(sum)}</p>`).join('\n'),
  };
}

/** The payment instructions of the checkout screen (SPEC §5), with the wallet number. */
function paymentBlock(w: Writer, shop: ShopIdentity, order: OrderDto): Block {
  const instructions = paymentInstructions(
    order.paymentType,
    { fee: order.shippingFee, total: order.grandTotal },
    shop.walletNumber,
    dictionaryIn(w.language).orders,
    w.language,
  );
  const method = order.paymentType === 'cash' ? w.words.paymentCash : w.words.paymentInstapay;
  return paragraph(`${method} ${instructions}`);
}

/** The address of one order's page, where the shopper sees its timeline and how to pay. */
function orderPageUrl(shop: ShopIdentity, orderId: string): string {
  return `${shop.baseUrl}${LINKED_FROM_MAIL.order.replace(':id', encodeURIComponent(orderId))}`;
}

function orderLink(w: Writer, shop: ShopIdentity, orderId: string, number: string): Block {
  const url = orderPageUrl(shop, orderId);
  return link(
    w.say.phrase({ template: messages.orders.orderNumber, values: { number } }),
    w.fill(w.words.viewOrder, { url }),
    url,
  );
}

/** To the shopper, in the language the order was placed in. */
export function orderPlacedMail(shop: ShopIdentity, order: OrderDto, language: Language): MailMessage {
  const w = writerIn(language);
  return compose(
    w,
    order.createdBy.email,
    w.fill(w.words.orderPlacedSubject, { shop: shop.name, number: order.number }),
    [
      paragraph(w.fill(w.words.greeting, { name: order.name })),
      paragraph(w.fill(w.words.orderPlacedIntro, { number: order.number })),
      linesBlock(w, order),
      paymentBlock(w, shop, order),
      paragraph(w.fill(w.words.deliverTo, { name: order.name, address: order.address, phone: order.phone })),
      orderLink(w, shop, order._id, order.number),
      paragraph(w.fill(w.words.signOff, { shop: shop.name })),
    ],
  );
}

/** To the shop: always in English, whatever the order's language (the owner's desk is English). */
export function newOrderNotice(shopEmail: string, order: OrderDto): MailMessage {
  const w = writerIn(DEFAULT_LANGUAGE);
  return compose(
    w,
    shopEmail,
    w.fill(w.words.newOrderSubject, { number: order.number, amount: w.egp(order.grandTotal) }),
    [
      paragraph(
        w.fill(w.words.newOrderIntro, {
          customer: order.createdBy.username,
          email: order.createdBy.email,
          number: order.number,
        }),
      ),
      linesBlock(w, order),
      paragraph(w.fill(w.words.newOrderPayment, { method: PAYMENT_TYPE_WORDS[order.paymentType] })),
      // The address as the order keeps it, in the language it was placed in: the courier reads it so.
      paragraph(w.fill(w.words.deliverTo, { name: order.name, address: order.address, phone: order.phone })),
    ],
  );
}

export interface StatusChangeFacts {
  orderId: string;
  number: string;
  status: OrderStatus;
  customer: { email: string; name: string };
  /** The shop's note on the change, when it gave one. */
  note?: string | null;
  /** The language the order was placed in: the shopper reads the change in it. */
  language: Language;
}

export function statusChangedMail(shop: ShopIdentity, change: StatusChangeFacts): MailMessage {
  const w = writerIn(change.language);
  const status = w.say.text(ORDER_STATUS_WORDS[change.status]);
  return compose(
    w,
    change.customer.email,
    w.fill(w.words.statusChangedSubject, { shop: shop.name, number: change.number, status }),
    [
      paragraph(w.fill(w.words.greeting, { name: change.customer.name })),
      paragraph(w.fill(w.words.statusChangedIntro, { number: change.number, status })),
      ...(change.note ? [paragraph(w.fill(w.words.statusChangedNote, { note: change.note }))] : []),
      orderLink(w, shop, change.orderId, change.number),
      paragraph(w.fill(w.words.signOff, { shop: shop.name })),
    ],
  );
}

export interface ShippedFacts {
  orderId: string;
  number: string;
  customer: { email: string; name: string };
  trackingNumber: string | null;
  trackingUrl: string | null;
  /** What the courier collects at the door, in EGP; 0 for a paid order. */
  cashToCollect: number;
  note: string | null;
  language: Language;
}

/** The parcel left (issue 36): its tracking number and link, and the cash to have ready. */
export function shippedMail(shop: ShopIdentity, facts: ShippedFacts): MailMessage {
  const w = writerIn(facts.language);
  const { trackingNumber, trackingUrl } = facts;
  return compose(
    w,
    facts.customer.email,
    w.fill(w.words.shippedSubject, { shop: shop.name, number: facts.number }),
    [
      paragraph(w.fill(w.words.greeting, { name: facts.customer.name })),
      paragraph(w.fill(w.words.shippedIntro, { number: facts.number })),
      ...(trackingNumber ? [paragraph(w.fill(w.words.trackingNumber, { tracking: trackingNumber }))] : []),
      ...(trackingUrl
        ? [link(w.words.trackOrderLink, w.fill(w.words.trackOrder, { url: trackingUrl }), trackingUrl)]
        : []),
      ...(facts.cashToCollect > 0
        ? [paragraph(w.fill(w.words.shippedCash, { amount: w.egp(facts.cashToCollect) }))]
        : []),
      ...(facts.note ? [paragraph(w.fill(w.words.statusChangedNote, { note: facts.note }))] : []),
      orderLink(w, shop, facts.orderId, facts.number),
      paragraph(w.fill(w.words.signOff, { shop: shop.name })),
    ],
  );
}

/** In the language of whoever asked for it (plugins/language.ts's rule), or the account's own. */
export function passwordResetMail(
  shop: ShopIdentity,
  account: { email: string; name: string },
  token: string,
  language: Language,
): MailMessage {
  const w = writerIn(language);
  const url = `${shop.baseUrl}${LINKED_FROM_MAIL.resetPassword}?token=${encodeURIComponent(token)}`;
  return compose(w, account.email, w.fill(w.words.resetSubject, { shop: shop.name }), [
    paragraph(w.fill(w.words.greeting, { name: account.name })),
    paragraph(w.fill(w.words.resetIntro, { shop: shop.name })),
    link(w.words.resetButton, w.fill(w.words.resetAction, { url }), url),
    paragraph(w.words.resetIgnore),
  ]);
}
