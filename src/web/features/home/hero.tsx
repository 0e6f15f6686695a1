import { ArrowDown } from 'lucide-react';
import { HERO_SCROLL_OFFSET_PX } from '@/shared/constants';
import { catalogShell } from '@/web/i18n/first-screen';
import type { ProductDto } from '@/shared/schemas/product';
import { ProductImage } from '@/web/components/product-card/product-image';
import { imageOf } from '@/web/components/product-card/product-view';

const m = catalogShell;

/** SPEC §2: one screen down, less the top bar's 80 px, so the first section starts right under it. */
function scrollPastHero() {
  window.scrollBy({ top: window.innerHeight - HERO_SCROLL_OFFSET_PX, behavior: 'smooth' });
}

interface HeroProps {
  /** Two of the newest pieces, shown beside the headline on wide screens once they are known. */
  showcase: ProductDto[];
}

export function Hero({ showcase }: HeroProps) {
  const [first, second] = showcase;
  return (
    <section className="relative isolate overflow-hidden bg-gradient-to-b from-sand to-canvas">
      <div
        aria-hidden="true"
        className="absolute -end-40 -top-40 -z-10 size-[36rem] rounded-pill bg-accent-soft/70 blur-3xl"
      />
      <div className="shell grid min-h-[calc(100svh-5rem)] items-center gap-12 py-16 lg:grid-cols-[1.1fr_1fr]">
        <div className="max-w-xl">
          <p className="eyebrow inline-flex items-center gap-3">
            <span className="h-px w-8 bg-accent" aria-hidden="true" />
            {m.premiumCollection}
          </p>
          <h1 className="mt-6 text-5xl leading-[1.05] text-ink sm:text-display lg:text-[4rem]">
            {m.heroHeadline}
          </h1>
          <p className="mt-6 max-w-md text-lg leading-relaxed text-ink-soft">{m.heroTagline}</p>
          <button
            type="button"
            onClick={scrollPastHero}
            className="btn btn-primary mt-10 px-7 py-3.5 text-[0.9375rem]"
          >
            <span className="hidden md:inline">{m.exploreCollection}</span>
            <span className="md:hidden">{m.shopNow}</span>
            <ArrowDown className="size-4" aria-hidden="true" />
          </button>
        </div>
        {first ? (
          <div className="relative hidden h-[34rem] lg:block" aria-hidden="true">
            <div className="absolute end-0 top-0 h-[28rem] w-[62%] overflow-hidden rounded-card shadow-lift">
              <ProductImage image={imageOf(first)} alt="" sizes="400px" eager className="size-full" />
            </div>
            {second ? (
              <div className="absolute start-0 bottom-0 h-[20rem] w-[46%] overflow-hidden rounded-card border-8 border-canvas shadow-lift">
                <ProductImage image={imageOf(second)} alt="" sizes="300px" eager className="size-full" />
              </div>
            ) : null}
          </div>
        ) : null}
      </div>
    </section>
  );
}
