import { ArrowDown } from 'lucide-react';
import { HERO_SCROLL_OFFSET_PX, PRODUCT_IMAGE_SIZES } from '@/shared/shell-constants';
import { catalogShell } from '@/web/i18n/first-screen';
import type { ProductDto } from '@/shared/schemas/product';
import type { HeroImageDto } from '@/shared/schemas/settings';
import { Price } from '@/web/components/price';
import { ProductImage } from '@/web/components/product-card/product-image';
import { idOf, imageOf, nameOf } from '@/web/components/product-card/product-view';
import { Link } from 'react-router';
import { href } from '@/web/paths';

const m = catalogShell;

/** SPEC §2: one screen down, less the top bar's 80 px, so the first section starts right under it. */
function scrollPastHero() {
  window.scrollBy({ top: window.innerHeight - HERO_SCROLL_OFFSET_PX, behavior: 'smooth' });
}

interface HeroProps {
  /** Two of the newest pieces, shown with the headline once they are known. */
  showcase: ProductDto[];
  /** While they are asked for, their place is kept, so nothing below jumps when they arrive. */
  pending: boolean;
  /** The owner's headline and text (issue 35); empty shows the shop's own words. */
  title?: string;
  text?: string;
  /** Where 'Shop Now' leads: a page of the shop (`/…`) or an https link; empty scrolls to the products. */
  link?: string;
  /** The owner's picture (issue 35): it takes the first frame, and the newest piece the second. */
  image?: HeroImageDto | null;
}

/** The photo boxes: side by side under the text on phones, overlapping beside it on wide screens. */
const FRAMES = [
  {
    box: 'lg:absolute lg:end-0 lg:top-0 lg:h-[28rem] lg:w-[62%] lg:shadow-lift',
    sizes: PRODUCT_IMAGE_SIZES.hero,
  },
  {
    box: 'lg:absolute lg:start-0 lg:bottom-0 lg:h-[20rem] lg:w-[46%] lg:border-8 lg:border-canvas lg:shadow-lift',
    sizes: '(min-width: 1024px) 300px, 46vw',
  },
] as const;

/**
 * The home page's opening (SPEC §2), in the owner's words when she wrote some (issue 35). On a phone
 * the first screen shows pieces and their prices, not only words (issues 16, 35): the opening is
 * compact there and two of the newest pieces follow it, each with its price, leading to its page.
 */
export function Hero({ showcase, pending, title, text, link, image }: HeroProps) {
  // The owner's picture takes the first frame; the pieces the frames left.
  const first = image ? 1 : 0;
  const shown = showcase.slice(0, FRAMES.length - first);
  const headline = title || m.heroHeadline;
  const action = (
    <>
      <span className="hidden md:inline">{m.exploreCollection}</span>
      <span className="md:hidden">{m.shopNow}</span>
      <ArrowDown className="size-4" aria-hidden="true" />
    </>
  );
  const actionClass = 'btn btn-primary mt-5 px-7 py-3 text-[0.9375rem] sm:mt-10 sm:py-3.5';
  return (
    <section className="relative isolate overflow-hidden bg-gradient-to-b from-sand to-canvas">
      <div
        aria-hidden="true"
        className="absolute -end-40 -top-40 -z-10 size-[36rem] rounded-pill bg-accent-soft/70 blur-3xl"
      />
      <div className="shell grid items-center gap-5 py-5 sm:gap-8 sm:py-12 lg:min-h-[calc(100svh-5rem)] lg:grid-cols-[1.1fr_1fr] lg:gap-12 lg:py-16">
        <div className="max-w-xl">
          <p className="eyebrow hidden items-center gap-3 sm:inline-flex">
            <span className="h-px w-8 bg-accent" aria-hidden="true" />
            {m.premiumCollection}
          </p>
          <h1 className="text-3xl leading-[1.1] text-ink sm:mt-6 sm:text-display lg:text-[4rem]">
            {/* The owner may write only English: on an Arabic page it keeps its own order. */}
            <bdi>{headline}</bdi>
          </h1>
          <p className="mt-3 max-w-md leading-relaxed text-ink-soft sm:mt-6 sm:text-lg">
            <bdi>{text || m.heroTagline}</bdi>
          </p>
          {/* React Router's Link leaves the shop for an https link as a plain one would. */}
          {link ? (
            <Link to={link} className={actionClass}>
              {action}
            </Link>
          ) : (
            <button type="button" onClick={scrollPastHero} className={actionClass}>
              {action}
            </button>
          )}
        </div>
        {shown.length > 0 || pending || image ? (
          <ul className="relative grid grid-cols-2 gap-3 lg:block lg:h-[34rem]">
            {FRAMES.map((frame, index) => {
              const product = shown[index - first];
              const picture =
                'block aspect-[4/5] overflow-hidden rounded-card bg-sand lg:aspect-auto lg:size-full';
              if (image && index === 0) {
                // The first screen's picture: fetched at once and first, its box kept by its own size.
                return (
                  <li key={index} className={`${picture} ${frame.box}`}>
                    {/* Decorative: the headline beside it says what it shows, once. */}
                    <ProductImage
                      image={image}
                      alt=""
                      sizes={frame.sizes}
                      eager
                      width={image.width}
                      height={image.height}
                      className="size-full"
                    />
                  </li>
                );
              }
              if (!product) {
                return pending ? (
                  <li key={index} aria-hidden="true" className={`${picture} ${frame.box}`} />
                ) : null;
              }
              const id = idOf(product);
              return (
                <li key={id ?? index} className={`lg:overflow-hidden lg:rounded-card ${frame.box}`}>
                  <Link
                    to={id ? href.productById(id) : href.products()}
                    className="block space-y-1.5 lg:size-full"
                  >
                    <span className={picture}>
                      <ProductImage
                        image={imageOf(product)}
                        alt={nameOf(product) ?? m.noProductName}
                        sizes={frame.sizes}
                        eager
                        className="size-full transition duration-500 hover:scale-[1.03]"
                      />
                    </span>
                    {/* On a phone the piece's price is on the first screen (issue 35); on a wide screen
                        the frame, as tall as its picture, hides it. */}
                    <Price
                      price={product.price}
                      discount={product.discount}
                      finalPrice={product.finalPrice}
                    />
                  </Link>
                </li>
              );
            })}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
