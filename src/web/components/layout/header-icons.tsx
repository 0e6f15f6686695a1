import { Heart, ShoppingBag } from 'lucide-react';
import { Link } from 'react-router';
import { format } from '@/web/i18n/language';
import { layout } from '@/web/i18n/first-screen';
import { useCart } from '@/web/lib/api/get-cart';
import { useFavorites } from '@/web/session/favorites';
import { href } from '@/web/paths';

const m = layout;

function CountBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      className="absolute -end-0.5 -top-0.5 flex h-[1.125rem] min-w-[1.125rem] items-center justify-center rounded-pill bg-accent px-1 text-[0.6875rem] leading-none font-semibold text-on-accent tabular-nums"
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}

const iconLinkClass =
  'relative inline-flex size-10 items-center justify-center rounded-pill text-ink-soft transition hover:bg-sand hover:text-ink';

/** Number of favourites (SPEC §2); the caller hides it for admins. */
export function FavoritesLink() {
  const { count } = useFavorites();
  return (
    <Link to={href.favorites()} aria-label={format(m.favoritesCount, { n: count })} className={iconLinkClass}>
      <Heart className="size-5" aria-hidden="true" />
      <CountBadge count={count} />
    </Link>
  );
}

/** Number of products in the cart: the lines of GET /api/cart, asked only for signed-in shoppers. */
export function CartLink() {
  const { data } = useCart();
  const count = data?.products.length ?? 0;
  return (
    <Link to={href.cart()} aria-label={format(m.cartCount, { n: count })} className={iconLinkClass}>
      <ShoppingBag className="size-5" aria-hidden="true" />
      <CountBadge count={count} />
    </Link>
  );
}
