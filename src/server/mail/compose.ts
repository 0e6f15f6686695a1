import { LINKED_FROM_MAIL, type OrderStatus } from '@/shared/constants';
import { ORDER_STATUS_WORDS, PAYMENT_TYPE_WORDS } from '@/shared/order-words';
import { format, messages } from '@/shared/messages';
import { mail as m } from '@/shared/messages/mail';
import { formatEgp } from '@/shared/money';
import { paymentInstructions } from '@/shared/payment-instructions';
import type { OrderDto } from '@/shared/schemas/order';
import { variantLabel } from '@/shared/schemas/variants';
import escapeHtml from 'escape-html';

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

function compose(to: string, subject: string, blocks: Block[]): MailMessage {
  const body = blocks.map((block) => block.html ?? `<p>${escapeHtml(block.text)}</p>`).join('\n');
  return {
    to,
    subject,
    text: `${blocks.map((block) => block.text).join('\n\n')}\n`,
    html:
      '<!doctype html><html><body style="font-family:Arial,sans-serif;color:#2b2118;line-height:1.5">\n' +
      `${body}\n</body></html>\n`,
  };
}

function linesBlock(order: OrderDto): Block {
  const rows = order.products.map((line) => ({
    // 'Layla Dress (M / Navy)': the size and colour bought, as the cart and stock messages name them.
    name: line.variant
      ? format(messages.cart.variantName, {
          name: line.product.name,
          values: variantLabel([], line.variant.options),
        })
      : line.product.name,
    quantity: line.quantity,
    price: formatEgp(line.unitPrice * line.quantity),
  }));
  const sums = [
    format(m.subtotal, { amount: formatEgp(order.totalPrice) }),
    format(m.shippingFee, { amount: formatEgp(order.shippingFee) }),
    format(m.grandTotal, { amount: formatEgp(order.grandTotal) }),
  ];
  const cell = 'style="padding:4px 12px 4px 0"';
  return {
    text: [
      ...rows.map((row) => format(m.orderLine, { name: row.name, n: row.quantity, price: row.price })),
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
function paymentBlock(shop: ShopIdentity, order: OrderDto): Block {
  const instructions = paymentInstructions(
    order.paymentType,
    { fee: order.shippingFee, total: order.grandTotal },
    shop.walletNumber,
  );
  const method = order.paymentType === 'cash' ? m.paymentCash : m.paymentInstapay;
  return paragraph(`${method} ${instructions}`);
}

/** The address of one order's page, where the shopper sees its timeline and how to pay. */
function orderPageUrl(shop: ShopIdentity, orderId: string): string {
  return `${shop.baseUrl}${LINKED_FROM_MAIL.order.replace(':id', encodeURIComponent(orderId))}`;
}

function orderLink(shop: ShopIdentity, orderId: string, number: string): Block {
  const url = orderPageUrl(shop, orderId);
  return link(format(messages.orders.orderNumber, { number }), format(m.viewOrder, { url }), url);
}

export function orderPlacedMail(shop: ShopIdentity, order: OrderDto): MailMessage {
  return compose(
    order.createdBy.email,
    format(m.orderPlacedSubject, { shop: shop.name, number: order.number }),
    [
      paragraph(format(m.greeting, { name: order.name })),
      paragraph(format(m.orderPlacedIntro, { number: order.number })),
      linesBlock(order),
      paymentBlock(shop, order),
      paragraph(format(m.deliverTo, { name: order.name, address: order.address, phone: order.phone })),
      orderLink(shop, order._id, order.number),
      paragraph(format(m.signOff, { shop: shop.name })),
    ],
  );
}

export function newOrderNotice(shopEmail: string, order: OrderDto): MailMessage {
  return compose(
    shopEmail,
    format(m.newOrderSubject, { number: order.number, amount: formatEgp(order.grandTotal) }),
    [
      paragraph(
        format(m.newOrderIntro, {
          customer: order.createdBy.username,
          email: order.createdBy.email,
          number: order.number,
        }),
      ),
      linesBlock(order),
      paragraph(format(m.newOrderPayment, { method: PAYMENT_TYPE_WORDS[order.paymentType] })),
      paragraph(format(m.deliverTo, { name: order.name, address: order.address, phone: order.phone })),
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
}

export function statusChangedMail(shop: ShopIdentity, change: StatusChangeFacts): MailMessage {
  const status = ORDER_STATUS_WORDS[change.status];
  return compose(
    change.customer.email,
    format(m.statusChangedSubject, { shop: shop.name, number: change.number, status }),
    [
      paragraph(format(m.greeting, { name: change.customer.name })),
      paragraph(format(m.statusChangedIntro, { number: change.number, status })),
      ...(change.note ? [paragraph(format(m.statusChangedNote, { note: change.note }))] : []),
      orderLink(shop, change.orderId, change.number),
      paragraph(format(m.signOff, { shop: shop.name })),
    ],
  );
}

export function passwordResetMail(
  shop: ShopIdentity,
  account: { email: string; name: string },
  token: string,
): MailMessage {
  const url = `${shop.baseUrl}${LINKED_FROM_MAIL.resetPassword}?token=${encodeURIComponent(token)}`;
  return compose(account.email, format(m.resetSubject, { shop: shop.name }), [
    paragraph(format(m.greeting, { name: account.name })),
    paragraph(format(m.resetIntro, { shop: shop.name })),
    link(m.resetButton, format(m.resetAction, { url }), url),
    paragraph(m.resetIgnore),
  ]);
}
