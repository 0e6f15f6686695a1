import { proofState, proofStateWords, type ProofState } from '@/shared/order-words';
import type { OrderDto } from '@/shared/schemas/order';
import { messages } from './messages';

/** Where an order's payment stands ('Proof to check'), in the page's language: the admin's words. */
export const PROOF_STATE_LABELS = proofStateWords(messages);

/** Where an order's payment stands, read from its answer (the rule itself is shared with the server). */
export function orderProofState(order: OrderDto): ProofState {
  return proofState({
    paymentType: order.paymentType,
    status: order.status,
    hasProof: order.paymentImage !== null,
    verified: order.payment.verified,
  });
}
