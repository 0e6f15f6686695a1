import { Heart, ShoppingBag, Star } from 'lucide-react';
import { Link } from 'react-router';
import { PRODUCT_IMAGE_SIZES } from '@/shared/shell-constants';
import { catalogShell } from '@/web/i18n/first-screen';
import { isolate } from '@/web/i18n/bidi';
import { format, language } from '@/web/i18n/language';
import { isColourOption, swatchOf } from '@/web/lib/colour-swatches';
import { useAddToCart } from '@/web/lib/use-add-to-cart';
import { toggleFavoriteWithFeedback, useFavorites } from '@/web/session/favorites';
import { Price } from '@/web/components/price';
import { ProductImage } from './product-image';
import {
  categoryNameOf,
  hasOptions,
  idOf,
  imageOf,
  isOutOfStock,
  nameOf,
  ratingLabel,
  type ShownProduct,
} from './product-view';
import { href } from '@/web/paths';

const m = catalogShell;

/**
 * The colours a product comes in, as small swatches under its name (issue 13); a colour sold out in
 * every size is faded, and a colour name without a known swatch is left to the product's page.
 */
function ColourSwatches({ product }: { product: ShownProduct }) {
  const option = product.options?.find((each) => isColourOption(each.name));
  if (!option) return null;
  const inStock = product.optionsInStock?.[option.name];
  return (
    <p className="flex flex-wrap items-center gap-1.5">
      <span className="sr-only">
        {format(m.coloursAvailable, {
          names: isolate(
            option.values
              .map((value, at) => (language === 'ar' && option.valuesAr?.[at]) || value)
              .join(', '),
          ),
        })}
      </span>
      {option.values.map((value) => {
        const colour = swatchOf(value);
        return colour ? (
          <span
            key={value}
            data-colour={value}
            aria-hidden="true"
            className={`size-3.5 rounded-pill border border-line-strong ${inStock && !inStock.includes(value) ? 'opacity-35' : ''}`}
            style={{ backgroundColor: colour }}
          />
        ) : null;
      })}
    </p>
  );
}

interface ProductCardProps {
  product: ShownProduct;
  /** Where the card leads; SPEC §2: /productdetails/{id}, the category page uses /product/{slug}. */
  to?: string;
  /** At the top of a page: its picture loads at once, first, rather than when scrolled near. */
  eager?: boolean;
}

/**
 * SPEC §2's product card. The whole card is one link; the heart and the add button sit above it as
 * their own buttons, so a click on them never follows the link.
 */
export function ProductCard({ product, to, eager = false }: ProductCardProps) {
  const { has } = useFavorites();
  const { addToCart, pendingProductId } = useAddToCart();
  const id = idOf(product);
  const name = nameOf(product);
  const category = categoryNameOf(product);
  const outOfStock = isOutOfStock(product);
  const rating = ratingLabel(product.averageRating);
  const favourite = id ? has(id) : false;
  const target = to ?? (id ? href.productById(id) : href.products());
  const adding = id !== undefined && pendingProductId === id;

  return (
    // SPEC §2's dimmed card: its picture is dimmed and greyed under the badge; its texts keep their full
    // colour, so they stay readable (AA contrast, issue 16).
    <article className="group relative flex w-full flex-col overflow-hidden rounded-card border border-line bg-surface shadow-soft transition duration-300 hover:-translate-y-0.5 hover:shadow-card">
      <div className="relative aspect-[4/5] overflow-hidden bg-sand">
        <ProductImage
          image={imageOf(product)}
          alt={name ?? m.noProductName}
          sizes={PRODUCT_IMAGE_SIZES.card}
          eager={eager}
          className={`size-full transition duration-500 group-hover:scale-[1.03] ${outOfStock ? 'opacity-70 grayscale' : ''}`}
        />
        {outOfStock ? (
          <div className="absolute inset-0 flex items-center justify-center bg-ink/35">
            <span className="rounded-pill bg-surface/95 px-4 py-1.5 text-xs font-semibold tracking-[0.14em] text-ink uppercase">
              {m.outOfStockOverlay}
            </span>
          </div>
        ) : null}
      </div>

      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="eyebrow text-[0.6875rem] text-muted">
          {category ? <bdi>{category}</bdi> : m.unknownCategory}
        </p>
        <h3 className="line-clamp-2 font-display text-lg leading-snug text-ink">
          {/* The link's box covers the whole card; the buttons below are raised above it. */}
          <Link
            to={target}
            className="outline-none after:absolute after:inset-0 after:rounded-card focus-visible:after:outline-2 focus-visible:after:outline-accent"
          >
            {name ? <bdi>{name}</bdi> : m.noName}
          </Link>
        </h3>
        {rating ? (
          <div className="flex items-center gap-1 text-xs text-ink-soft">
            <Star className="size-3.5 fill-warning text-warning" aria-hidden="true" />
            <span aria-label={format(m.ratedOutOf, { rating })}>{rating}</span>
          </div>
        ) : null}
        <ColourSwatches product={product} />
        <div className="mt-auto pt-1">
          <Price price={product.price} discount={product.discount} finalPrice={product.finalPrice} />
        </div>
        {!outOfStock && hasOptions(product) ? (
          // The size and colour are chosen on the product's page, so the card's action leads there.
          <Link
            to={target}
            className="btn btn-primary relative z-10 mt-2 w-full px-3 text-xs whitespace-nowrap sm:px-5 sm:text-sm"
          >
            {m.chooseOptions}
          </Link>
        ) : (
          <button
            type="button"
            className={`btn relative z-10 mt-2 w-full px-3 text-xs whitespace-nowrap sm:px-5 sm:text-sm ${outOfStock ? 'btn-outline' : 'btn-primary'}`}
            disabled={outOfStock || adding}
            onClick={() => addToCart(product)}
          >
            {outOfStock ? (
              m.outOfStockButton
            ) : (
              <>
                <ShoppingBag className="hidden size-4 min-[400px]:block" aria-hidden="true" />
                {m.addToCart}
              </>
            )}
          </button>
        )}
      </div>

      <button
        type="button"
        aria-pressed={favourite}
        aria-label={format(favourite ? m.removeFromFavorites : m.addToFavorites, {
          name: isolate(name ?? m.noName),
        })}
        onClick={() => toggleFavoriteWithFeedback(product)}
        className="absolute end-2 top-2 z-10 inline-flex size-11 items-center justify-center rounded-pill bg-surface/90 text-ink-soft shadow-soft backdrop-blur transition hover:text-danger"
      >
        <Heart
          aria-hidden="true"
          className={`size-[1.125rem] ${favourite ? 'fill-danger text-danger' : 'fill-none'}`}
        />
      </button>
    </article>
  );
}
