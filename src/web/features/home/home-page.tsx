import { useNearViewport } from '@/web/lib/use-near-viewport';
import { useQuery } from '@tanstack/react-query';
import { Fragment, lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { homeSectionParams } from '@/shared/first-screen';
import { inLanguage } from '@/shared/localized';
import { HOME_SECTIONS, type HomeSection } from '@/shared/shell-constants';
import { language } from '@/web/i18n/language';
import { useShopSettings } from '@/web/lib/api/get-settings';
import { catalogShell } from '@/web/i18n/first-screen';
import { productListQuery } from '@/web/lib/api/get-products';
import { LoadFailure } from '@/web/components/load-failure';
import { useDocumentTitle } from '@/web/lib/shop';
import { Hero } from './hero';
import { ProductSection } from './product-section';

const m = catalogShell;

// The carousel and Embla are a tenth of the home page's script and sit below the fold: they load when
// the shopper scrolls near them, keeping the first load inside its budget.
const CategoriesCarousel = lazy(() =>
  import('@/web/components/categories-carousel').then((module) => ({ default: module.CategoriesCarousel })),
);

// The back-to-top button only matters once the shopper scrolls, so it loads on the first scroll.
const BackToTop = lazy(() =>
  import('@/web/components/back-to-top').then((module) => ({ default: module.BackToTop })),
);

/** True from the first scroll of the page on (at once if it is already scrolled). */
function useHasScrolled(): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    if (scrolled) return;
    const update = () => {
      if (window.scrollY > 0) setScrolled(true);
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [scrolled]);
  return scrolled;
}

function CarouselPlaceholder() {
  return (
    <div className="flex min-h-56 items-center justify-center rounded-card border border-dashed border-line-strong bg-surface/60">
      <p role="status" className="text-sm text-muted">
        {m.loadingCategories}
      </p>
    </div>
  );
}

/** SPEC §9's sections, under the keys the server answers them with inside the page (src/server/catalog/first-screen.ts). */
const saleQuery = productListQuery(homeSectionParams('discount'));
const newestQuery = productListQuery(homeSectionParams('newest'));

export default function HomePage() {
  useDocumentTitle();
  const shop = useShopSettings();
  const home = shop?.home;
  const sale = useQuery(saleQuery);
  const newest = useQuery(newestQuery);
  // Every listing sort puts what can be bought first on the server (issue 35): the order is kept as it is.
  const onSale = sale.data?.products.filter((product) => Number(product.discount) > 0);
  const newestProducts = newest.data?.products;
  const failed = sale.isError || newest.isError;
  const scrolled = useHasScrolled();
  const [categoriesRef, categoriesNear] = useNearViewport<HTMLElement>(!sale.isPending && !newest.isPending);
  const order = home?.sections ?? HOME_SECTIONS;

  const sections: Record<HomeSection, ReactNode> = {
    // A failed read is said once, in the newest products' place. The sale is shown only when some
    // product is discounted (SPEC §2); hidden, not reserved, while loading.
    sale:
      !failed && onSale && onSale.length > 0 ? (
        <ProductSection id="sale-items" title={m.saleItems} products={onSale} />
      ) : null,
    newest: failed ? (
      <LoadFailure />
    ) : (
      <ProductSection id="newest-collection" title={m.newestCollection} products={newestProducts} />
    ),
    categories: (
      <section ref={categoriesRef} aria-labelledby="shop-by-category" className="bg-sand/60 py-14 sm:py-20">
        <div className="shell">
          <h2 id="shop-by-category" className="mb-8 text-3xl text-ink sm:mb-10 sm:text-title">
            {m.shopByCategory}
          </h2>
          {categoriesNear ? (
            <Suspense fallback={<CarouselPlaceholder />}>
              <CategoriesCarousel />
            </Suspense>
          ) : (
            <CarouselPlaceholder />
          )}
        </div>
      </section>
    ),
  };

  return (
    <>
      <Hero
        showcase={newestProducts?.slice(0, 2) ?? []}
        pending={newest.isPending}
        title={home && inLanguage(home.heroTitle, language)}
        text={home && inLanguage(home.heroText, language)}
        link={home?.heroLink}
        image={shop?.heroImage}
      />
      {order.map((section) => (
        <Fragment key={section}>{sections[section]}</Fragment>
      ))}
      {scrolled ? (
        <Suspense fallback={null}>
          <BackToTop />
        </Suspense>
      ) : null}
    </>
  );
}
