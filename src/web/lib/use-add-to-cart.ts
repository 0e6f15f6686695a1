import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { QUANTITY_FROM_CARD } from '@/shared/shell-constants';
import type { cart } from '@/shared/messages/cart';
import { notify } from '@/web/lib/notify';
import { useSession } from '@/web/session/session';

/**
 * Says no with one of the cart's texts. The card is on the home page's first screen and the cart's
 * texts are not, so they are fetched with the refusal (as the guard fetches its prompt).
 */
function refuse(text: (texts: typeof cart) => string): void {
  void import('@/web/i18n/messages').then(({ messages: { cart: texts } }) => notify.error(text(texts)));
}

/** Any product shape a screen holds: the API's product (`_id` and `id`), a favourite (`_id`). */
export interface AddableProduct {
  _id?: string;
  id?: string;
}

export interface AddToCart {
  /** `variantId`: the size and colour chosen, for a product with options. */
  addToCart: (product: AddableProduct, variantId?: string) => void;
  /** The product whose add is on its way, so its button can show it; null when none is. */
  pendingProductId: string | null;
}

/**
 * The add-to-cart action of SPEC §8 for the product card, the details page and favourites: visitors
 * are asked to log in, admins are refused, everyone else adds one piece and sees the server's message.
 * The request and its answer's handling (src/web/lib/api/add-cart-item.ts) come with the first press:
 * the home page's first screen shows the buttons, and carries only this.
 */
export function useAddToCart(): AddToCart {
  const { isSignedIn, isAdmin } = useSession();
  const queryClient = useQueryClient();
  const [pendingProductId, setPendingProductId] = useState<string | null>(null);

  const addToCart = useCallback(
    (product: AddableProduct, variantId?: string) => {
      if (!isSignedIn) {
        refuse((texts) => texts.loginToAdd);
        return;
      }
      if (isAdmin) {
        refuse((texts) => texts.adminsNotAllowed);
        return;
      }
      const productId = product._id ?? product.id;
      if (!productId) {
        refuse((texts) => texts.invalidProductId);
        return;
      }
      setPendingProductId(productId);
      void import('@/web/lib/api/add-cart-item')
        .then(({ addCartItemWithFeedback }) =>
          addCartItemWithFeedback(queryClient, { productId, variantId, quantity: QUANTITY_FROM_CARD }),
        )
        .finally(() => setPendingProductId(null));
    },
    [isSignedIn, isAdmin, queryClient],
  );

  return { addToCart, pendingProductId };
}
