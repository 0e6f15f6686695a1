import { ShoppingBag, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/i18n/messages';
import { formatAmount } from '@/web/i18n/language';
import { EmptyState } from '@/web/components/empty-state';
import { LoadFailure } from '@/web/components/load-failure';
import { useCart } from '@/web/lib/api/get-cart';
import { useDocumentTitle } from '@/web/lib/shop';
import { useSession } from '@/web/session/session';
import { CartCards, CartTable } from './cart-lines';
import { CartDelivery } from './cart-delivery';
import { failureText } from '@/web/lib/failure-text';
import { Spinner } from '@/web/components/spinner';
import { useCartChanges } from './use-cart-changes';
import { href } from '@/web/paths';

const m = messages.cart;

function EmptyCart() {
  return (
    <EmptyState
      icon={<ShoppingBag className="size-7" aria-hidden="true" />}
      title={m.cartEmpty}
      message={m.cartEmptyText}
      primary={{ label: m.startShopping, to: href.home() }}
    />
  );
}

/** /cart (SPEC §2): the signed-in shopper's lines, their quantities and the way to checkout. */
export default function CartPage() {
  useDocumentTitle(m.shoppingCart);
  const { isAdmin } = useSession();
  const cart = useCart();
  const { changeQuantity, removeLine, clearCart, busyWith } = useCartChanges();

  let body: ReactNode;
  if (isAdmin) {
    body = (
      <p className="card mx-auto max-w-lg p-8 text-center text-ink-soft">{m.cartNotAvailableForAdmins}</p>
    );
  } else if (cart.isPending) {
    body = <Spinner label={m.loadingCart} />;
  } else if (cart.isError) {
    body = <LoadFailure title={failureText(cart.error, messages.orders.failedToLoadCart)} />;
  } else if (cart.data.products.length === 0) {
    body = <EmptyCart />;
  } else {
    const lines = cart.data.products;
    const pieces = lines.reduce((sum, line) => sum + line.quantity, 0);
    body = (
      <div className="flex flex-col gap-6">
        <div className="flex items-center justify-between gap-4">
          <p className="text-sm text-muted">{format(m.itemsInCart, { n: pieces })}</p>
          <button
            type="button"
            className="btn btn-ghost text-danger"
            onClick={clearCart}
            disabled={busyWith === 'all'}
          >
            <Trash2 aria-hidden className="size-4" />
            {m.clearCart}
          </button>
        </div>
        <CartTable
          lines={lines}
          busyWith={busyWith}
          onChangeQuantity={changeQuantity}
          onRemove={removeLine}
        />
        <CartCards
          lines={lines}
          busyWith={busyWith}
          onChangeQuantity={changeQuantity}
          onRemove={removeLine}
        />
        <div className="card flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex flex-col gap-2">
            <p className="text-lg font-semibold tabular-nums">
              {format(m.subtotal, { n: formatAmount(cart.data.subtotal) })}
            </p>
            <CartDelivery cart={cart.data} />
          </div>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Link to={href.home()} className="btn btn-outline">
              {m.continueShopping}
            </Link>
            <Link to={href.checkout()} className="btn btn-accent">
              {m.proceedToCheckout}
            </Link>
          </div>
        </div>
      </div>
    );
  }

  return (
    <div className="shell py-8 sm:py-12">
      <h1 className="mb-8 text-title">{m.shoppingCart}</h1>
      {body}
    </div>
  );
}
