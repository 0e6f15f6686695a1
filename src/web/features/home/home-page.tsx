import { useQuery } from '@tanstack/react-query';
import { HOME_SECTION_COMPUTED } from '@/shared/constants';
import { messages } from '@/shared/messages';
import { BackToTop } from '@/web/components/back-to-top';
import { CategoriesCarousel } from '@/web/components/categories-carousel';
import { productListQuery } from '@/web/features/catalog/catalog-api';
import { LoadFailure } from '@/web/features/catalog/load-failure';
import { useDocumentTitle } from '@/web/lib/shop';
import { Hero } from './hero';
import { ProductSection } from './product-section';

const m = messages.catalog;

/** SPEC §9: the top 8 by discount and the newest 8 are asked for; each section shows 4. */
const saleQuery = productListQuery({ sort: 'discount', limit: HOME_SECTION_COMPUTED, page: 1 });
const newestQuery = productListQuery({ sort: 'newest', limit: HOME_SECTION_COMPUTED, page: 1 });

export default function HomePage() {
  useDocumentTitle();
  const sale = useQuery(saleQuery);
  const newest = useQuery(newestQuery);
  const onSale = sale.data?.products.filter((product) => Number(product.discount) > 0);
  const failed = sale.isError || newest.isError;

  return (
    <>
      <Hero showcase={newest.data?.products.slice(0, 2) ?? []} />
      {failed ? (
        <LoadFailure />
      ) : (
        <>
          {/* Shown only when some product is discounted (SPEC §2); hidden, not reserved, while loading. */}
          {onSale && onSale.length > 0 ? (
            <ProductSection id="sale-items" title={m.saleItems} products={onSale} />
          ) : null}
          <ProductSection
            id="newest-collection"
            title={m.newestCollection}
            products={newest.data?.products}
          />
        </>
      )}
      <section aria-labelledby="shop-by-category" className="bg-sand/60 py-14 sm:py-20">
        <div className="shell">
          <h2 id="shop-by-category" className="mb-8 text-3xl text-ink sm:mb-10 sm:text-title">
            {m.shopByCategory}
          </h2>
          <CategoriesCarousel />
        </div>
      </section>
      <BackToTop />
    </>
  );
}
