import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { PaymentType } from '@/shared/constants';
import { isGovernorateCode, type GovernorateCode } from '@/shared/governorates';
import type { DeliveryQuote, DeliveryQuoteAnswer } from '@/shared/schemas/delivery';
import { api } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';

// GET /api/delivery/quote (issue 36): what delivering the shopper's cart to a governorate costs, as the
// server computes it. The web app only shows these numbers; it never prices delivery itself.

export type { DeliveryQuote, DeliveryQuoteAnswer };

export interface DeliveryQuoteRequest {
  /** Null while none is chosen: nothing is asked. */
  governorate: GovernorateCode | null;
  paymentType: PaymentType;
  /** The cart being ordered; the server reads the shopper's own without it. */
  cartId?: string | undefined;
  /**
   * The cart's subtotal as the page holds it: part of the key only, so a quantity changed on the cart
   * page (which writes the cart into the cache without refetching it) asks for a new quote.
   */
  subtotal: number;
}

export function deliveryQuoteQuery({ governorate, paymentType, cartId, subtotal }: DeliveryQuoteRequest) {
  return queryOptions({
    queryKey: queryKeys.deliveryQuote({ governorate, paymentType, subtotal }),
    queryFn: governorate
      ? async ({ signal }) =>
          (
            await api.get<DeliveryQuoteAnswer>('/delivery/quote', {
              query: { governorate, paymentType, cartId },
              signal,
            })
          ).quote
      : skipToken,
    // Another payment type or quantity for the same governorate keeps the fee on screen while the
    // new quote comes; a new governorate shows 'Calculating…', never the previous one's fee.
    placeholderData: (previous) => (previous?.governorate === governorate ? previous : undefined),
  });
}

/** The server's quote for the request (nothing is asked while no governorate is chosen). */
export function useDeliveryQuote(request: DeliveryQuoteRequest) {
  return useQuery(deliveryQuoteQuery(request));
}

/** A form's value as a governorate, or null for anything else (nothing chosen yet). */
export function governorateOrNull(value: unknown): GovernorateCode | null {
  return typeof value === 'string' && isGovernorateCode(value) ? value : null;
}

// The governorate the shopper chose last, on this browser: the cart quotes it and checkout starts with it.
const LAST_GOVERNORATE_KEY = 'deliveryGovernorate';

export function lastGovernorate(): GovernorateCode | null {
  try {
    const stored = window.localStorage.getItem(LAST_GOVERNORATE_KEY);
    return stored !== null && isGovernorateCode(stored) ? stored : null;
  } catch {
    // Storage refused (a private window's quota, a blocked site): nothing remembered.
    return null;
  }
}

export function rememberGovernorate(code: GovernorateCode): void {
  try {
    window.localStorage.setItem(LAST_GOVERNORATE_KEY, code);
  } catch {
    // Not remembered: the next visit asks again.
  }
}
