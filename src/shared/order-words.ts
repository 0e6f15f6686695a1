import type { OrderStatus, PaymentType } from './constants';
import { messages } from './messages';

/** The dictionary section an order's status and payment words come from, in English or in the page's language. */
interface OrderDictionary {
  orders: Pick<
    typeof messages.orders,
    'pending' | 'confirmed' | 'delivered' | 'cancelled' | 'cash' | 'instapay'
  >;
}

/** The section a payment's state comes from: the admin's (only the owner reads it, and the server's exports). */
interface ProofDictionary {
  admin: Pick<typeof messages.admin, 'proofReceived' | 'proofToCheck' | 'proofUploaded' | 'proofNone'>;
}

/** How every screen, e-mail and export names a status: 'completed' is 'Delivered' (SPEC §2). */
export function orderStatusWords({ orders }: OrderDictionary): Record<OrderStatus, string> {
  return {
    pending: orders.pending,
    confirmed: orders.confirmed,
    completed: orders.delivered,
    cancelled: orders.cancelled,
  };
}

export function paymentTypeWords({ orders }: OrderDictionary): Record<PaymentType, string> {
  return { cash: orders.cash, instapay: orders.instapay };
}

/** The English words, for the server's e-mails and exports; the web names them in the page's language. */
export const ORDER_STATUS_WORDS = orderStatusWords(messages);
export const PAYMENT_TYPE_WORDS = paymentTypeWords(messages);

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

export function proofStateWords({ admin }: ProofDictionary): Record<ProofState, string> {
  return {
    received: admin.proofReceived,
    toCheck: admin.proofToCheck,
    uploaded: admin.proofUploaded,
    none: admin.proofNone,
  };
}

export const PROOF_STATE_WORDS = proofStateWords(messages);
