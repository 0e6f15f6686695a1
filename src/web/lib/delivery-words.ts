import type { DeliveryState } from '@/shared/constants';
import { governorateName, isGovernorateCode } from '@/shared/governorates';
import { format, language } from '@/web/i18n/language';
import { messages } from '@/web/i18n/messages';

// Delivery in the page's words (issue 36), for the screens that show it: checkout, the cart, the product
// page and the shopper's orders. Only their lazy chunks import this, so the home page carries none of it.

const d = messages.delivery;

/** 'Delivery in 2–5 days' / 'التوصيل خلال 2–5 أيام'. */
export function estimateText(days: { min: number; max: number }): string {
  return format(d.estimate, { min: days.min, max: days.max });
}

/** 'Shipped', 'Refused at the door'…; a state this client does not know is shown as it is. */
export function deliveryStateLabel(state: string): string {
  return (d.deliveryStates as Record<string, string>)[state] ?? state;
}

/** A governorate's name in the page's language; a code this client does not know, as it is. */
export function governorateLabel(code: string): string {
  return isGovernorateCode(code) ? governorateName(code, language) : code;
}

/** Each state's colour, in the status badge's tones: on the way blue, delivered green, refused red. */
const TONES: Record<DeliveryState, string> = {
  notShipped: 'bg-sand text-ink-soft ring-line-strong',
  shipped: 'bg-info/12 text-info ring-info/30',
  delivered: 'bg-success/12 text-success ring-success/30',
  refused: 'bg-danger/12 text-danger ring-danger/30',
  returned: 'bg-warning/12 text-warning ring-warning/30',
};

/** The badge's colour of a delivery state; a state this client does not know, as not shipped. */
export function deliveryTone(state: string): string {
  return (TONES as Record<string, string>)[state] ?? TONES.notShipped;
}
