import { useQuery } from '@tanstack/react-query';
import { Heart, PackageX, Ruler, ShoppingBag } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { RELATED_PRODUCTS_SHOWN } from '@/shared/constants';
import { isolate } from '@/web/i18n/bidi';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/i18n/messages';
import { discountPercentOf } from '@/shared/money';
import type { ProductDetailDto, ProductDto } from '@/shared/schemas/product';
import { Breadcrumb } from '@/web/components/breadcrumb';
import { EmptyState } from '@/web/components/empty-state';
import { LoadFailure } from '@/web/components/load-failure';
import { Price } from '@/web/components/price';
import { ProductGrid, ProductGridSkeleton } from '@/web/components/product-card/product-grid';
import { isOutOfStock } from '@/web/components/product-card/product-view';
import { StarRating } from '@/web/components/star-rating';
import { WhatsAppLink } from '@/web/components/whatsapp-link';
import { localizedDescription, localizedName } from '@/web/lib/localized';
import { useAddToCart } from '@/web/lib/use-add-to-cart';
import { ApiError } from '@/web/lib/api';
import { useDocumentTitle } from '@/web/lib/shop';
import { toggleFavoriteWithFeedback, useFavorites } from '@/web/session/favorites';
import { productListQuery } from '@/web/lib/api/get-products';
import { productQuery } from './api/get-product';
import { DeliveryBlock } from './delivery-block';
import { ProductGallery } from './product-gallery';
import { RatingControl } from './rating-control';
import { SizeGuideDialog } from './size-guide-dialog';
import { chosenVariant, firstMissing, initialChoice, type Choice } from './variant-choice';
import { VariantSelector } from './variant-selector';
import { href } from '@/web/paths';

const m = messages.catalog;
const v = messages.variants;
const RELATED_GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-5 lg:grid-cols-5 lg:gap-6';

function ProductNotFound() {
  return (
    <EmptyState
      headingLevel="h1"
      icon={<PackageX className="size-7" aria-hidden="true" />}
      title={m.productNotFound}
      message={m.productNotFoundText}
      primary={{ label: m.backToProducts, to: href.products() }}
    />
  );
}

/** GET /product?category=<id>&limit=6, minus the product itself, at most 5 (DESIGN §2). */
function RelatedProducts({ product }: { product: ProductDto }) {
  const categoryId = product.category?.id;
  const related = useQuery({
    ...productListQuery({ category: categoryId, limit: RELATED_PRODUCTS_SHOWN + 1 }),
    enabled: Boolean(categoryId),
  });
  if (!categoryId || related.isError) return null;
  const others = related.data?.products
    .filter((other) => other._id !== product._id)
    .slice(0, RELATED_PRODUCTS_SHOWN);
  if (others && others.length === 0) return null;
  return (
    <section aria-labelledby="related-products" className="mt-20 border-t border-line pt-14">
      <h2 id="related-products" className="mb-8 text-3xl text-ink">
        {m.relatedProducts}
      </h2>
      {others ? (
        <ProductGrid products={others} className={RELATED_GRID} />
      ) : (
        <ProductGridSkeleton count={RELATED_PRODUCTS_SHOWN} className={RELATED_GRID} />
      )}
    </section>
  );
}

function DetailsSkeleton() {
  return (
    <div className="grid gap-10 lg:grid-cols-2" aria-hidden="true">
      <div className="aspect-[4/5] animate-pulse rounded-card bg-sand" />
      <div className="space-y-4 pt-4">
        <div className="h-3 w-24 animate-pulse rounded-pill bg-sand" />
        <div className="h-10 w-3/4 animate-pulse rounded-pill bg-sand" />
        <div className="h-6 w-1/3 animate-pulse rounded-pill bg-sand" />
        <div className="h-24 w-full animate-pulse rounded-card bg-sand" />
      </div>
    </div>
  );
}

function ProductDetails({ product, queryKey }: { product: ProductDetailDto; queryKey: readonly unknown[] }) {
  const { has } = useFavorites();
  const { addToCart, pendingProductId } = useAddToCart();
  const name = localizedName(product) || m.noName;
  const description = localizedDescription(product);
  const favourite = has(product._id);
  const { options, variants } = product;
  const [choice, setChoice] = useState<Choice>(() => initialChoice(options));
  const [missing, setMissing] = useState<string>();
  const [guideOpen, setGuideOpen] = useState(false);
  const choices = useRef<HTMLDivElement>(null);
  // While the main Add to Cart is off the screen (below the first screen on a phone, or scrolled past),
  // a bar at the screen's foot offers the price and the same action (issue 35).
  const buyRow = useRef<HTMLDivElement>(null);
  const [buyRowHidden, setBuyRowHidden] = useState(false);
  useEffect(() => {
    const row = buyRow.current;
    if (!row || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setBuyRowHidden(!entry!.isIntersecting));
    observer.observe(row);
    return () => observer.disconnect();
  }, []);
  // Price and stock follow the chosen variant; until every option is chosen, the product's own.
  const variant = chosenVariant(options, variants, choice);
  const shown = variant ?? product;
  const soldOut = variant ? !variant.inStock || variant.avaliableItems === 0 : isOutOfStock(product);
  // SPEC §9: the badge is the rounded share of the price taken off, whatever discount was stored.
  const percent = discountPercentOf(shown.price, shown.finalPrice);
  const sizeGuide = options.length > 0 ? product.category?.sizeGuide : null;

  const choose = (option: string, value: string) => {
    setChoice((current) => ({ ...current, [option]: value }));
    if (missing === option) setMissing(undefined);
  };

  const add = () => {
    if (options.length === 0) {
      addToCart(product);
      return;
    }
    // The server would refuse the line too ('Please choose a Size'); asking here keeps the shopper on the choice.
    const open = firstMissing(options, choice);
    if (open !== undefined || !variant) {
      const asked = open ?? options[0]?.name;
      setMissing(asked);
      choices.current
        ?.querySelector<HTMLInputElement>(
          `fieldset[data-option="${CSS.escape(asked ?? '')}"] input:not(:disabled)`,
        )
        ?.focus();
      return;
    }
    addToCart(product, variant._id);
  };

  return (
    // Room at the foot for the bar above, so it never covers the page's end on a phone.
    <div className="grid gap-10 max-lg:pb-16 lg:grid-cols-2 lg:gap-16">
      <ProductGallery images={product.images} name={name} />
      <div className="lg:pt-4">
        {product.category ? (
          <Link to={href.category(product.category.slug)} className="eyebrow hover:underline">
            <bdi>{localizedName(product.category)}</bdi>
          </Link>
        ) : (
          <p className="eyebrow text-muted">{m.unknownCategory}</p>
        )}
        <h1 className="mt-3 text-4xl leading-tight text-ink sm:text-[2.75rem]">
          <bdi>{name}</bdi>
        </h1>
        {product.ratingCount > 0 && product.averageRating > 0 ? (
          // Nobody has rated it yet: no stars at all rather than a '0' that reads as a bad mark (issue 16).
          <div className="mt-4 flex items-center gap-2 text-sm text-ink-soft">
            <StarRating rating={product.averageRating} />
            <span>{product.averageRating.toFixed(1)}</span>
            <span className="text-muted">{format(m.ratingsCount, { n: product.ratingCount })}</span>
          </div>
        ) : null}
        <div className="mt-6" aria-live="polite">
          <Price price={shown.price} discount={percent} finalPrice={shown.finalPrice} size="detail" />
        </div>
        {description ? (
          <section className="mt-8 border-t border-line pt-6">
            <h2 className="mb-3 font-sans text-sm font-semibold tracking-wide text-ink uppercase">
              {m.description}
            </h2>
            {/* An English description on an Arabic page (none written in Arabic) reads left to right. */}
            <p dir="auto" className="leading-relaxed whitespace-pre-line text-ink-soft">
              {description}
            </p>
          </section>
        ) : null}
        {options.length > 0 ? (
          <div ref={choices} className="mt-8 flex flex-col gap-3 border-t border-line pt-6">
            <VariantSelector
              options={options}
              variants={variants}
              choice={choice}
              onChoose={choose}
              missing={missing}
            />
            {sizeGuide ? (
              <button
                type="button"
                className="inline-flex min-h-11 items-center gap-1.5 self-start text-sm font-medium text-accent-strong underline-offset-4 hover:underline"
                aria-haspopup="dialog"
                onClick={() => setGuideOpen(true)}
              >
                <Ruler className="size-4" aria-hidden="true" />
                {v.sizeGuide}
              </button>
            ) : null}
          </div>
        ) : null}
        <p className={`mt-6 text-sm ${soldOut ? 'text-danger' : 'text-success'}`} aria-live="polite">
          {soldOut ? m.soldOut : format(m.inStockCount, { n: shown.avaliableItems })}
        </p>
        <div ref={buyRow} className="mt-4 flex gap-3">
          <button
            type="button"
            className="btn btn-primary flex-1 py-3.5 text-[0.9375rem]"
            disabled={soldOut || pendingProductId === product._id}
            onClick={add}
          >
            {soldOut ? (
              m.soldOut
            ) : (
              <>
                <ShoppingBag className="size-4" aria-hidden="true" />
                {m.addToCart}
              </>
            )}
          </button>
          <button
            type="button"
            aria-pressed={favourite}
            aria-label={format(favourite ? m.removeFromFavorites : m.addToFavorites, { name: isolate(name) })}
            onClick={() => toggleFavoriteWithFeedback(product)}
            className="inline-flex size-[3.25rem] shrink-0 items-center justify-center rounded-pill border border-line-strong text-ink transition hover:border-danger hover:text-danger"
          >
            <Heart
              aria-hidden="true"
              className={`size-5 ${favourite ? 'fill-danger text-danger' : 'fill-none'}`}
            />
          </button>
        </div>
        <WhatsAppLink
          label={m.askAboutItem}
          text={format(m.askAboutItemText, {
            name: isolate(name),
            link: isolate(`${window.location.origin}${href.product(product.slug)}`),
          })}
          className="btn btn-outline mt-3 w-full py-3"
        />
        <DeliveryBlock />
        <div className="mt-8 border-t border-line pt-6">
          <RatingControl product={product} queryKey={queryKey} />
        </div>
      </div>
      {buyRowHidden ? (
        <div
          data-buy-bar
          className="fixed inset-x-0 bottom-0 z-40 border-t border-line bg-canvas/95 shadow-lift backdrop-blur lg:hidden"
        >
          <div className="shell flex items-center justify-between gap-4 py-3">
            <Price price={shown.price} discount={percent} finalPrice={shown.finalPrice} />
            <button
              type="button"
              className="btn btn-primary min-w-0 flex-1 sm:max-w-xs"
              disabled={soldOut || pendingProductId === product._id}
              onClick={add}
            >
              {soldOut ? m.soldOut : m.addToCart}
            </button>
          </div>
        </div>
      ) : null}
      {guideOpen && sizeGuide ? (
        <SizeGuideDialog
          title={format(v.sizeGuideTitle, {
            category: isolate(product.category ? localizedName(product.category) : ''),
          })}
          guide={sizeGuide}
          onClose={() => setGuideOpen(false)}
        />
      ) : null}
    </div>
  );
}

/** One screen for /productdetails/{id} and /product/{slug} (DESIGN §3). */
export default function ProductDetailsPage() {
  const { id, slug } = useParams();
  const key = id ?? slug ?? '';
  const options = productQuery(key);
  const { data: product, isPending, isError, error } = useQuery(options);
  useDocumentTitle((product && localizedName(product)) || undefined);

  let body;
  if (isError) {
    body =
      error instanceof ApiError && (error.status === 404 || error.status === 400) ? (
        <ProductNotFound />
      ) : (
        <LoadFailure />
      );
  } else if (isPending) {
    body = <DetailsSkeleton />;
  } else {
    body = (
      <>
        <ProductDetails key={product._id} product={product} queryKey={options.queryKey} />
        <RelatedProducts product={product} />
      </>
    );
  }

  return (
    <div className="shell py-8 sm:py-12">
      {product ? (
        <Breadcrumb
          className="mb-8"
          trail={[
            { label: m.home, to: href.home() },
            product.category
              ? { label: localizedName(product.category), to: href.category(product.category.slug) }
              : { label: m.allProducts, to: href.products() },
            { label: localizedName(product) || m.noName },
          ]}
        />
      ) : null}
      {body}
    </div>
  );
}
