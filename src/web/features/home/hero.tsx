import { ArrowDown } from 'lucide-react';
import { HERO_SCROLL_OFFSET_PX, PRODUCT_IMAGE_SIZES } from '@/shared/shell-constants';
import { catalogShell } from '@/web/i18n/first-screen';
import type { ProductDto } from '@/shared/schemas/product';
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
 * The home page's opening (SPEC §2). On a phone the first screen shows pieces, not only words (issue
 * 16): the text is shorter there and two of the newest pieces follow it, each leading to its page.
 */
export function Hero({ showcase, pending }: HeroProps) {
  const shown = showcase.slice(0, FRAMES.length);
  return (
    <section className="relative isolate overflow-hidden bg-gradient-to-b from-sand to-canvas">
      <div
        aria-hidden="true"
        className="absolute -end-40 -top-40 -z-10 size-[36rem] rounded-pill bg-accent-soft/70 blur-3xl"
      />
      <div className="shell grid items-center gap-8 py-8 sm:py-12 lg:min-h-[calc(100svh-5rem)] lg:grid-cols-[1.1fr_1fr] lg:gap-12 lg:py-16">
        <div className="max-w-xl">
          <p className="eyebrow inline-flex items-center gap-3">
            <span className="h-px w-8 bg-accent" aria-hidden="true" />
            {m.premiumCollection}
          </p>
          <h1 className="mt-4 text-4xl leading-[1.05] text-ink sm:mt-6 sm:text-display lg:text-[4rem]">
            {m.heroHeadline}
          </h1>
          <p className="mt-4 max-w-md leading-relaxed text-ink-soft sm:mt-6 sm:text-lg">{m.heroTagline}</p>
          <button
            type="button"
            onClick={scrollPastHero}
            className="btn btn-primary mt-6 px-7 py-3.5 text-[0.9375rem] sm:mt-10"
          >
            <span className="hidden md:inline">{m.exploreCollection}</span>
            <span className="md:hidden">{m.shopNow}</span>
            <ArrowDown className="size-4" aria-hidden="true" />
          </button>
        </div>
        {shown.length > 0 || pending ? (
          <ul className="relative grid grid-cols-2 gap-3 lg:block lg:h-[34rem]">
            {FRAMES.map((frame, index) => {
              const product = shown[index];
              const frameClass = `block aspect-[4/5] overflow-hidden rounded-card bg-sand lg:aspect-auto ${frame.box}`;
              if (!product) {
                return pending ? <li key={index} aria-hidden="true" className={frameClass} /> : null;
              }
              const id = idOf(product);
              return (
                <li key={id ?? index} className={frameClass}>
                  <Link to={id ? href.productById(id) : href.products()} className="block size-full">
                    <ProductImage
                      image={imageOf(product)}
                      alt={nameOf(product) ?? m.noProductName}
                      sizes={frame.sizes}
                      eager
                      className="size-full transition duration-500 hover:scale-[1.03]"
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
