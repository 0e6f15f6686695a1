import type { OrderStatus, PaymentType } from './constants';
import { messages } from './messages';

/** How every screen, e-mail and export names a status: 'completed' is 'Delivered' (SPEC §2). */
export const ORDER_STATUS_WORDS: Record<OrderStatus, string> = {
  pending: messages.orders.pending,
  confirmed: messages.orders.confirmed,
  completed: messages.orders.delivered,
  cancelled: messages.orders.cancelled,
};

export const PAYMENT_TYPE_WORDS: Record<PaymentType, string> = {
  cash: messages.orders.cash,
  instapay: messages.orders.instapay,
};

/**
 * Where an order's payment stands for the owner: marked received; an InstaPay proof waiting for a check
 * (the list's 'Proof to check' filter, the dashboard's count); a proof nobody needs to check (cash, or a
 * cancelled order); no proof at all.
 */
export type ProofState = 'received' | 'toCheck' | 'uploaded' | 'none';

export function proofState(order: {
  paymentType: PaymentType;
  status: OrderStatus;
  hasProof: boolean;
  verified: boolean;
}): ProofState {
  if (order.verified) return 'received';
  if (!order.hasProof) return 'none';
  return order.paymentType === 'instapay' && order.status !== 'cancelled' ? 'toCheck' : 'uploaded';
}

export const PROOF_STATE_WORDS: Record<ProofState, string> = {
  received: messages.admin.proofReceived,
  toCheck: messages.admin.proofToCheck,
  uploaded: messages.admin.proofUploaded,
  none: messages.admin.proofNone,
};
