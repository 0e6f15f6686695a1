import { direction } from '@/web/i18n/language';
import { useQuery } from '@tanstack/react-query';
import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { ChevronLeft, Hand, LayoutGrid, TriangleAlert } from 'lucide-react';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CATEGORY_CAROUSEL } from '@/shared/constants';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/i18n/messages';
import type { CategoryDto } from '@/shared/schemas/category';
import { allCategoriesQuery } from '@/web/lib/api/get-categories';
import { rememberCategory, type CategoryNavigationState } from '@/web/lib/category-choice';
import { localizedName } from '@/web/lib/localized';
import { reloadPage } from '@/web/lib/reload-page';
import { ApiError } from '@/web/lib/api';
import { ProductImage } from './product-card/product-image';
import { href } from '@/web/paths';

const m = messages.catalog;

/** Slide widths of SPEC §9: 1 card up to 640 px, 2 from 641 to 1024, 3 up to 1279, 4 from 1280. */
const SLIDE_WIDTHS = 'basis-full min-[641px]:basis-1/2 min-[1025px]:basis-1/3 xl:basis-1/4';
const SLIDE_SIZES = '(min-width: 1280px) 25vw, (min-width: 1025px) 33vw, (min-width: 641px) 50vw, 100vw';

function StateMessage({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-56 flex-col items-center justify-center rounded-card border border-dashed border-line-strong bg-surface/60 px-6 py-10 text-center">
      {children}
    </div>
  );
}

function CategorySlide({ category }: { category: CategoryDto }) {
  const state: CategoryNavigationState = { selectedCategory: category.name };
  return (
    <div className={`min-w-0 shrink-0 grow-0 ps-4 ${SLIDE_WIDTHS}`}>
      <Link
        to={href.products()}
        state={state}
        onClick={() => rememberCategory(category.name)}
        className="group relative block aspect-[4/5] overflow-hidden rounded-card bg-sand shadow-soft"
      >
        <ProductImage
          image={category.image}
          alt=""
          sizes={SLIDE_SIZES}
          // Looping moves slides by transform, which lazy loading does not notice; the carousel itself
          // is only loaded near the viewport, so its few pictures can load at once.
          eager
          className="size-full transition duration-700 group-hover:scale-105"
        />
        <span className="absolute inset-0 bg-gradient-to-t from-ink/75 via-ink/15 to-transparent" />
        <span className="absolute inset-x-0 bottom-0 flex flex-col gap-1 p-6 text-canvas">
          <span className="font-display text-2xl">
            <bdi>{localizedName(category)}</bdi>
          </span>
          <span className="text-xs tracking-[0.16em] uppercase opacity-85 transition group-hover:opacity-100">
            {m.clickToExplore}
          </span>
        </span>
      </Link>
    </div>
  );
}

function Carousel({ categories }: { categories: CategoryDto[] }) {
  const [viewportRef, embla] = useEmblaCarousel(
    {
      loop: true,
      align: 'start',
      // Swipes the Arabic way on right-to-left pages.
      direction,
    },
    // Pauses while hovered or touched and carries on afterwards (SPEC §4).
    [Autoplay({ delay: CATEGORY_CAROUSEL.autoplayMs, stopOnMouseEnter: true, stopOnInteraction: false })],
  );
  const [selected, setSelected] = useState(0);
  const [snaps, setSnaps] = useState<number[]>([]);

  const sync = useCallback(() => {
    if (!embla) return;
    setSelected(embla.selectedScrollSnap());
    setSnaps(embla.scrollSnapList());
  }, [embla]);

  useEffect(() => {
    if (!embla) return;
    sync();
    embla.on('select', sync).on('reInit', sync);
    return () => {
      embla.off('select', sync).off('reInit', sync);
    };
  }, [embla, sync]);

  // SPEC §9: a swipe of 50 px, or a flick of 300 px/s, moves one card; anything less springs back.
  // Embla snaps by its own sense of force (its `dragThreshold` only tells clicks from drags, and at
  // 50 px would turn short swipes into clicks on the card), so its choice is corrected here.
  useEffect(() => {
    if (!embla) return;
    const root = embla.rootNode();
    let start: { x: number; time: number; snap: number } | null = null;
    const onDown = (event: PointerEvent) => {
      start = { x: event.clientX, time: event.timeStamp, snap: embla.selectedScrollSnap() };
    };
    const onUp = (event: PointerEvent) => {
      if (!start) return;
      const { x, time, snap } = start;
      start = null;
      const distance = event.clientX - x;
      const velocity = (Math.abs(distance) / Math.max(event.timeStamp - time, 1)) * 1000;
      const meetsRule =
        Math.abs(distance) >= CATEGORY_CAROUSEL.dragThresholdPx || velocity >= CATEGORY_CAROUSEL.dragVelocity;
      if (Math.abs(distance) < 5) return;
      window.setTimeout(() => {
        const moved = embla.selectedScrollSnap() !== snap;
        if (!meetsRule) {
          if (moved) embla.scrollTo(snap);
          return;
        }
        if (moved) return;
        const towardsNext = embla.internalEngine().options.direction === 'rtl' ? distance > 0 : distance < 0;
        if (towardsNext) embla.scrollNext();
        else embla.scrollPrev();
      }, 0);
    };
    root.addEventListener('pointerdown', onDown);
    window.addEventListener('pointerup', onUp);
    return () => {
      root.removeEventListener('pointerdown', onDown);
      window.removeEventListener('pointerup', onUp);
    };
  }, [embla]);

  const arrow =
    'inline-flex size-11 items-center justify-center rounded-pill border border-line-strong bg-surface text-ink shadow-soft transition hover:border-ink disabled:opacity-40';

  return (
    <div>
      <div className="overflow-hidden" ref={viewportRef}>
        <div className="-ms-4 flex touch-pan-y">
          {categories.map((category) => (
            <CategorySlide key={category._id} category={category} />
          ))}
        </div>
      </div>
      <div className="mt-6 flex items-center justify-between gap-4">
        <button
          type="button"
          className={arrow}
          aria-label={m.previousSlide}
          onClick={() => embla?.scrollPrev()}
        >
          <ChevronLeft className="size-5 rtl:rotate-180" aria-hidden="true" />
        </button>
        <div className="flex flex-wrap items-center justify-center gap-2">
          {snaps.map((_, index) => (
            <button
              key={index}
              type="button"
              aria-label={format(m.goToSlide, { n: index + 1 })}
              aria-current={index === selected ? 'true' : undefined}
              onClick={() => embla?.scrollTo(index)}
              className="flex size-6 items-center justify-center"
            >
              <span
                className={`block h-1.5 rounded-pill transition-all duration-300 ${
                  index === selected ? 'w-6 bg-ink' : 'w-1.5 bg-line-strong'
                }`}
              />
            </button>
          ))}
        </div>
        <button type="button" className={arrow} aria-label={m.nextSlide} onClick={() => embla?.scrollNext()}>
          <ChevronLeft className="size-5 rotate-180 rtl:rotate-0" aria-hidden="true" />
        </button>
      </div>
      <p className="mt-4 flex items-center justify-center gap-2 text-xs text-muted md:hidden">
        <Hand className="size-3.5" aria-hidden="true" />
        {m.swipeHint}
      </p>
    </div>
  );
}

/** SPEC §2's categories carousel with its loading, error and empty states. */
export function CategoriesCarousel() {
  const { data, isPending, isError, error } = useQuery(allCategoriesQuery);

  if (isPending) {
    return (
      <StateMessage>
        <p role="status" className="text-sm text-muted">
          {m.loadingCategories}
        </p>
      </StateMessage>
    );
  }
  if (isError) {
    return (
      <StateMessage>
        <TriangleAlert className="mb-3 size-7 text-danger" aria-hidden="true" />
        <h3 className="text-xl text-ink">{m.failedToLoadCategoriesTitle}</h3>
        <p className="mt-2 text-sm text-ink-soft">
          {/* SPEC §8: an answer that says it failed, or a request that failed, each with its own text. */}
          {error instanceof ApiError ? m.errorLoadingCategories : m.failedToLoadCategories}
        </p>
        <button type="button" className="btn btn-primary mt-5" onClick={reloadPage}>
          {messages.layout.tryAgain}
        </button>
      </StateMessage>
    );
  }
  if (data.length === 0) {
    return (
      <StateMessage>
        <LayoutGrid className="mb-3 size-7 text-muted" aria-hidden="true" />
        <h3 className="text-xl text-ink">{m.noCategoriesAvailable}</h3>
        <p className="mt-2 text-sm text-ink-soft">{m.noCategoriesText}</p>
      </StateMessage>
    );
  }
  return <Carousel categories={data} />;
}
