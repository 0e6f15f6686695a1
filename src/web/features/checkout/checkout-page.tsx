import { ShoppingBag } from 'lucide-react';
import type { ReactNode } from 'react';
import { messages } from '@/web/i18n/messages';
import { EmptyState } from '@/web/components/empty-state';
import { LoadFailure } from '@/web/components/load-failure';
import { failureText } from '@/web/lib/failure-text';
import { Spinner } from '@/web/components/spinner';
import { useCart } from '@/web/lib/api/get-cart';
import { useDocumentTitle } from '@/web/lib/shop';
import { useSession } from '@/web/session/session';
import { CheckoutForm } from './checkout-form';
import { href } from '@/web/paths';

const m = messages.orders;

function EmptyCart() {
  return (
    <EmptyState
      icon={<ShoppingBag className="size-7" aria-hidden="true" />}
      title={messages.cart.cartEmpty}
      message={messages.cart.cartEmptyText}
      primary={{ label: m.browseProducts, to: href.products() }}
    />
  );
}

/** /checkout: loading, error with Try Again, empty cart, or the form (SPEC §4's checkout states). */
export default function CheckoutPage() {
  useDocumentTitle(m.checkoutTitle);
  const { isAdmin } = useSession();
  const cart = useCart();

  let body: ReactNode;
  if (isAdmin) {
    body = (
      <p className="card mx-auto max-w-lg p-8 text-center text-ink-soft">
        {messages.cart.cartNotAvailableForAdmins}
      </p>
    );
  } else if (cart.isPending) {
    body = <Spinner label={m.loadingCheckout} />;
  } else if (cart.isError) {
    body = <LoadFailure title={failureText(cart.error, m.failedToLoadCart)} />;
  } else if (cart.data.products.length === 0) {
    body = <EmptyCart />;
  } else {
    body = <CheckoutForm cart={cart.data} />;
  }

  return (
    <div className="shell py-8 sm:py-12">
      <header className="mb-8">
        <h1 className="text-title">{m.checkoutTitle}</h1>
        <p className="mt-2 text-ink-soft">{m.checkoutIntro}</p>
      </header>
      {body}
    </div>
  );
}
