import { translator } from '@/web/i18n/translate';
import type { OrderStatus, PaymentType } from '@/shared/constants';
import { isolate } from '@/web/i18n/bidi';
import { language } from '@/web/i18n/language';
import { messages } from '@/web/i18n/messages';
import { orderStatusWords, paymentTypeWords } from '@/shared/order-words';
import { paymentInstructions } from '@/shared/payment-instructions';
import { walletNumber } from '@/web/lib/shop';

const m = messages.orders;

/** My orders' filters (SPEC §2): 'Delivered' is the status completed. */
export const ORDER_FILTERS: { value: OrderStatus | 'all'; label: string }[] = [
  { value: 'all', label: m.filterAll },
  { value: 'pending', label: m.pending },
  { value: 'cancelled', label: m.cancelled },
  { value: 'confirmed', label: m.confirmed },
  { value: 'completed', label: m.delivered },
];

const LABELS = orderStatusWords(messages);

/** 'Cash on Delivery' / 'الدفع عند الاستلام': a payment method in the page's language. */
export const PAYMENT_TYPE_LABELS = paymentTypeWords(messages);

/**
 * SPEC §9's payment instructions in the page's language, as the checkout and an order's page say them:
 * the shop's wallet number isolated, so its digits stay one left-to-right run in an Arabic sentence.
 */
export function shopPaymentInstructions(
  paymentType: PaymentType,
  amounts: { fee: number; total: number },
): string {
  return paymentInstructions(paymentType, amounts, isolate(walletNumber), m, language);
}

/** SPEC §4's colours: pending yellow, confirmed blue, completed green, cancelled red. */
const TONES: Record<OrderStatus, string> = {
  pending: 'bg-warning/12 text-warning ring-warning/30',
  confirmed: 'bg-info/12 text-info ring-info/30',
  completed: 'bg-success/12 text-success ring-success/30',
  cancelled: 'bg-danger/12 text-danger ring-danger/30',
};
const UNKNOWN_TONE = 'bg-sand text-ink-soft ring-line-strong';

function isKnown(status: string): status is OrderStatus {
  return status in LABELS;
}

/** The badge's words; a status this client does not know is shown as it is (SPEC §4). */
export function statusLabel(status: string): string {
  return isKnown(status) ? translator.text(LABELS[status]) : status;
}

export function statusTone(status: string): string {
  return isKnown(status) ? TONES[status] : UNKNOWN_TONE;
}
