import { messages } from '@/shared/messages';
import { formatAmount } from '@/shared/money-text';
import { toEgp } from '@/shared/money';
import type { PaymentType } from '@/shared/constants';

import type { ShopSettings } from '@/shared/schemas/settings';
import { AppError } from '../errors';
import type { CustomerStanding } from './records';

const m = messages.confirmation;

export interface CheckoutCheck {
  record: CustomerStanding;
  paymentType: PaymentType;
  /** The order's grand total, as the server priced it. */
  grandTotalPiastres: number;
  prepay: ShopSettings['prepay'];
  /** The shop's wa.me link, for the customer to ask about a refusal; null without a WhatsApp number. */
  shopChat: string | null;
}

/** A block's refusal, with the shop's WhatsApp link when it has one. */
function refusal(plain: string, withChat: string, shopChat: string | null) {
  return shopChat
    ? new AppError('FORBIDDEN', withChat, { link: shopChat })
    : new AppError('FORBIDDEN', plain);
}

/**
 * The owner's rules of who may order how (issue 37), applied by `POST /order` whatever the page did:
 * a blocked number may not pay cash (or not order at all, as the owner chose), and the prepay rules
 * ask a first order over an amount, or a number that refused parcels, to pay first. Throws 403 saying
 * why; answers nothing when the order may go.
 */
export function assertMayOrder({
  record,
  paymentType,
  grandTotalPiastres,
  prepay,
  shopChat,
}: CheckoutCheck): void {
  if (record.blocked?.mode === 'all') throw refusal(m.orderBlocked, m.orderBlockedChat, shopChat);
  if (paymentType !== 'cash') return;
  if (record.blocked) throw refusal(m.cashBlocked, m.cashBlockedChat, shopChat);
  if (prepay.refusalsAtLeast !== null && record.refused >= prepay.refusalsAtLeast) {
    throw new AppError('FORBIDDEN', m.prepayRefusals);
  }
  if (
    prepay.firstOrderOver !== null &&
    record.orders === 0 &&
    toEgp(grandTotalPiastres) > prepay.firstOrderOver
  ) {
    throw new AppError('FORBIDDEN', m.prepayFirstOrder, { amount: formatAmount(prepay.firstOrderOver) });
  }
}
