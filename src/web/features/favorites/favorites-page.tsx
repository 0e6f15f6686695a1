import { Heart, ShoppingBag } from 'lucide-react';
import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { PRODUCT_IMAGE_SIZES } from '@/shared/shell-constants';
import { isolate } from '@/web/i18n/bidi';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/i18n/messages';
import { formatEgp } from '@/web/i18n/language';
import { EmptyState } from '@/web/components/empty-state';
import { ProductImage } from '@/web/components/product-card/product-image';
import { localizedName } from '@/web/lib/localized';
import { useAddToCart } from '@/web/lib/use-add-to-cart';
import { useDocumentTitle } from '@/web/lib/shop';
import { toggleFavoriteWithFeedback, useFavorites, type FavoriteItem } from '@/web/session/favorites';
import { href } from '@/web/paths';

const m = messages.catalog;

function FavoriteCard({ item }: { item: FavoriteItem }) {
  const navigate = useNavigate();
  const { addToCart, pendingProductId } = useAddToCart();
  const name = localizedName(item) || m.noName;
  const category = localizedName({ name: item.category, nameAr: item.categoryAr });
  const target = href.productById(item._id);
  const shownPrice = item.finalPrice ?? item.price;
  const discounted = item.finalPrice !== undefined && item.finalPrice < item.price;

  // SPEC §2: a click anywhere on the card opens the product, except on its buttons and links.
  const openProduct = (event: MouseEvent<HTMLElement>) => {
    if ((event.target as HTMLElement).closest('button, a')) return;
    navigate(target);
  };

  return (
    // The name below is the card's keyboard-reachable link; this click is the pointer shortcut.
    <article
      onClick={openProduct}
      className="group relative flex w-full cursor-pointer flex-col overflow-hidden rounded-card border border-line bg-surface shadow-soft transition duration-300 hover:-translate-y-0.5 hover:shadow-card"
    >
      <div className="relative aspect-[4/5] overflow-hidden bg-sand">
        <ProductImage
          image={item.defaultImage ? { url: item.defaultImage } : undefined}
          alt={name}
          sizes={PRODUCT_IMAGE_SIZES.card}
          className="size-full transition duration-500 group-hover:scale-[1.03]"
        />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        {category ? (
          <p className="eyebrow text-[0.6875rem] text-muted">
            <bdi>{category}</bdi>
          </p>
        ) : null}
        <h2 className="line-clamp-2 font-display text-lg leading-snug text-ink">
          <Link to={target} className="hover:text-accent-strong">
            <bdi>{name}</bdi>
          </Link>
        </h2>
        <p className="mt-auto flex items-baseline gap-2 pt-1">
          <span className="text-base font-semibold text-ink">{formatEgp(shownPrice)}</span>
          {discounted ? <del className="text-xs text-muted">{formatEgp(item.price)}</del> : null}
        </p>
        {item.hasOptions ? (
          <Link
            to={target}
            className="btn btn-primary mt-2 w-full px-3 text-xs whitespace-nowrap sm:px-5 sm:text-sm"
          >
            {m.chooseOptions}
          </Link>
        ) : (
          <button
            type="button"
            className="btn btn-primary mt-2 w-full px-3 text-xs whitespace-nowrap sm:px-5 sm:text-sm"
            disabled={pendingProductId === item._id}
            onClick={() => addToCart(item)}
          >
            <ShoppingBag className="hidden size-4 min-[400px]:block" aria-hidden="true" />
            {m.addToCart}
          </button>
        )}
      </div>
      <button
        type="button"
        aria-pressed="true"
        aria-label={format(m.removeFromFavorites, { name: isolate(name) })}
        onClick={() => toggleFavoriteWithFeedback(item)}
        className="absolute end-2 top-2 inline-flex size-11 items-center justify-center rounded-pill bg-surface/90 shadow-soft backdrop-blur transition hover:scale-105"
      >
        <Heart className="size-[1.125rem] fill-danger text-danger" aria-hidden="true" />
      </button>
    </article>
  );
}

/** SPEC §2's favourites: kept in the browser, for visitors and users alike (DESIGN §3). */
export default function FavoritesPage() {
  useDocumentTitle(m.favoritesTitle);
  const { items, count } = useFavorites();

  if (count === 0) {
    return (
      <div className="shell py-10">
        <EmptyState
          headingLevel="h1"
          icon={<Heart className="size-7" aria-hidden="true" />}
          title={m.favoritesEmpty}
          message={m.favoritesEmptyText}
          primary={{ label: m.startShopping, to: href.home() }}
        />
      </div>
    );
  }

  return (
    <div className="shell py-10 sm:py-14">
      <header className="mb-10">
        <h1 className="text-title text-ink sm:text-[2.5rem]">{m.favoritesTitle}</h1>
        <p className="mt-2 text-ink-soft">{format(m.favoritesCount, { n: count })}</p>
      </header>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-5 lg:grid-cols-4 lg:gap-6">
        {items.map((item) => (
          <li key={item._id} className="flex">
            <FavoriteCard item={item} />
          </li>
        ))}
      </ul>
    </div>
  );
}
