import { Heart, ShoppingBag } from 'lucide-react';
import { Link } from 'react-router';
import { format } from '@/web/i18n/language';
import { layout } from '@/web/i18n/first-screen';
import { useCart } from '@/web/lib/api/get-cart';
import { useFavorites } from '@/web/session/favorites';
import { href } from '@/web/paths';

const m = layout;

/**
 * The count as the eye sees it. The links are named by their hidden text ('Shopping cart, 1 product'),
 * not an aria-label: an Arabic name says one in words ('منتج واحد'), and a label that leaves out the
 * digit seen would fail WCAG's label-in-name (2.5.3).
 */
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

/** The bar's 44 px round icon buttons (styles.css). */
const iconLinkClass = 'icon-btn';

/** Number of favourites (SPEC §2); the caller hides it for admins. */
export function FavoritesLink() {
  const { count } = useFavorites();
  return (
    <Link to={href.favorites()} className={iconLinkClass}>
      <span className="sr-only">{format(m.favoritesCount, { n: count })}</span>
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
    <Link to={href.cart()} className={iconLinkClass}>
      <span className="sr-only">{format(m.cartCount, { n: count })}</span>
      <ShoppingBag className="size-5" aria-hidden="true" />
      <CountBadge count={count} />
    </Link>
  );
}
