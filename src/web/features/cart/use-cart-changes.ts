import { useCallback, useRef } from 'react';
import { CART_ADD_TOAST_MS } from '@/shared/constants';
import { messages } from '@/web/i18n/messages';
import { failureText } from '@/web/lib/failure-text';
import { useChangeCartLine } from './api/change-cart-line';
import { useClearCart } from './api/clear-cart';
import type { CartLineDto } from '@/shared/schemas/cart';
import { quantityChange } from './quantity-change';
import { notify } from '@/web/lib/notify';

const m = messages.cart;

export interface CartChanges {
  /** Minus (-1) or plus (+1) on a line; ignored while another change runs (SPEC §4). */
  changeQuantity: (line: CartLineDto, delta: number) => void;
  removeLine: (line: CartLineDto) => void;
  clearCart: () => void;
  /** The `_id` of the line being changed, or 'all' while the cart is being cleared. */
  busyWith: string | null;
}

/** The cart page's changes, one at a time; the cart query is refreshed after each, success or not. */
export function useCartChanges(): CartChanges {
  // A ref, not state: two quick clicks land before React re-renders, and the second must see the first.
  const running = useRef(false);

  const lineMutation = useChangeCartLine({
    onSuccess: (_answer, change) => {
      notify.success(change.kind === 'set' ? m.productUpdated : m.productDeleted, {
        duration: CART_ADD_TOAST_MS,
      });
    },
    onError: (error, change) => {
      notify.error(
        failureText(error, change.kind === 'set' ? m.failedToUpdateQuantity : m.failedToDeleteProduct),
      );
    },
    onSettled: () => {
      running.current = false;
    },
  });

  const clearMutation = useClearCart({
    onSuccess: () => {
      notify.success(m.cartCleared);
    },
    onError: (error) => {
      notify.error(failureText(error, m.failedToClear));
    },
    onSettled: () => {
      running.current = false;
    },
  });

  const { mutate: mutateLine } = lineMutation;
  const { mutate: mutateClear } = clearMutation;

  const start = useCallback((): boolean => {
    if (running.current) return false;
    running.current = true;
    return true;
  }, []);

  const changeQuantity = useCallback(
    (line: CartLineDto, delta: number) => {
      if (start()) mutateLine(quantityChange(line, delta));
    },
    [start, mutateLine],
  );
  const removeLine = useCallback(
    (line: CartLineDto) => {
      if (start()) mutateLine({ kind: 'remove', lineId: line._id });
    },
    [start, mutateLine],
  );
  const clearCart = useCallback(() => {
    if (start()) mutateClear();
  }, [start, mutateClear]);

  let busyWith: string | null = null;
  if (clearMutation.isPending) busyWith = 'all';
  else if (lineMutation.isPending && lineMutation.variables) busyWith = lineMutation.variables.lineId;

  return { changeQuantity, removeLine, clearCart, busyWith };
}
