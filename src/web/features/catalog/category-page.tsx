import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { FolderX, PackageOpen } from 'lucide-react';
import { useParams, useSearchParams } from 'react-router';
import type { ProductSort } from '@/shared/constants';
import { apiQueryOf, readFilters } from '@/shared/listing';
import { writeFilters, type ListingFilters } from '@/shared/listing-filters';
import { isolate } from '@/web/i18n/bidi';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/i18n/messages';
import { Breadcrumb } from '@/web/components/breadcrumb';
import { EmptyState } from '@/web/components/empty-state';
import { LoadFailure } from '@/web/components/load-failure';
import { Pagination } from '@/web/components/pagination';
import {
  FIRST_ROW_ON_PHONES,
  ProductGrid,
  ProductGridSkeleton,
} from '@/web/components/product-card/product-grid';
import type { ShownProduct } from '@/web/components/product-card/product-view';
import { ApiError } from '@/web/lib/api';
import { localizedDescription, localizedName } from '@/web/lib/localized';
import { useDocumentTitle } from '@/web/lib/shop';
import { productListQuery } from '@/web/lib/api/get-products';
import { categoryProductsQuery } from './api/get-category-products';
import { FilterBar } from './filter-bar';
import { activeFilters, priceCeiling } from './listing-params';
import { href } from '@/web/paths';

const m = messages.catalog;

const CATEGORY_GRID = 'grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-3 lg:gap-6';

/** A category's own order, which its page shows unless another is chosen: newest first (SPEC §7). */
const CATEGORY_SORT: ProductSort = 'newest';

/** Products on a category page open the slug route (SPEC §2). */
function slugHref(product: ShownProduct): string | undefined {
  return product.slug ? href.product(product.slug) : undefined;
}

function CategoryNotFound() {
  return (
    <EmptyState
      headingLevel="h1"
      icon={<FolderX className="size-7" aria-hidden="true" />}
      title={m.categoryNotFound}
      message={m.categoryNotFoundText}
      primary={{ label: m.returnToHome, to: href.home() }}
    />
  );
}

/** The category page's state in its URL: the listing's parameters, without a category, newest by default. */
function readCategoryFilters(params: URLSearchParams): ListingFilters {
  const filters = readFilters(params, []);
  return { ...filters, category: '', sort: params.has('sort') ? filters.sort : CATEGORY_SORT };
}

function writeCategoryFilters(filters: ListingFilters): URLSearchParams {
  const params = writeFilters({ ...filters, category: '' });
  params.delete('sort');
  if (filters.sort !== CATEGORY_SORT) params.set('sort', filters.sort);
  return params;
}

/**
 * /category/{slug}: the category's name, its heading, its own description when the owner wrote one
 * (issue 35) and its products (SPEC §2, DESIGN §3), twelve a page, the page in the URL. Issue 16: the
 * listing's sort and filters too (search, sizes, colours,
 * price), asked of the listing's API for this category; untouched, the page shows the category's own
 * answer, newest first, which the server sends with the page.
 */
export default function CategoryPage() {
  const { slug = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readCategoryFilters(searchParams);
  const { page } = filters;
  const narrowed = activeFilters(filters).length > 0 || filters.sort !== CATEGORY_SORT;
  const {
    data: categoryData,
    isPending: categoryPending,
    isError,
    error,
  } = useQuery({
    ...categoryProductsQuery(slug, narrowed ? 1 : page),
    // While the next page loads the current one stays; another category's products never stand in.
    placeholderData: (previous) => (previous?.category?.slug === slug ? previous : undefined),
  });
  // Narrowed, the listing's API answers the products; untouched, one product of it is enough to learn
  // which sizes and colours the category has, and its highest price.
  const listed = useQuery({
    ...productListQuery(
      narrowed
        ? apiQueryOf({ ...filters, category: slug })
        : { category: slug, sort: CATEGORY_SORT, page: 1, limit: 1 },
    ),
    enabled: Boolean(categoryData?.category),
    placeholderData: keepPreviousData,
  });
  const facets = listed.data?.facets;
  const data =
    narrowed && categoryData
      ? listed.data
        ? { ...categoryData, ...listed.data, category: categoryData.category }
        : undefined
      : categoryData;
  const isPending = categoryPending || (narrowed && !listed.data);

  const update = (next: ListingFilters) => {
    setSearchParams(writeCategoryFilters(next), { preventScrollReset: true });
  };

  // A page past the end (an old link, fewer products since) goes back to the first.
  const pastTheEnd = data !== undefined && data.totalCount > 0 && page > data.totalPages;
  useEffect(() => {
    if (!pastTheEnd) return;
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        params.delete('page');
        return params;
      },
      { replace: true },
    );
  }, [pastTheEnd, setSearchParams]);
  useDocumentTitle(data?.category ? localizedName(data.category) : m.category);

  if (isError) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400))
      return <CategoryNotFound />;
    return <LoadFailure />;
  }
  if (!isPending && !data?.category) return <CategoryNotFound />;

  const category = data?.category;
  const filtered = activeFilters(filters).length > 0;

  const categoryName = category ? localizedName(category) : undefined;
  const description = category ? localizedDescription(category) : '';
  let results;
  if (isPending || pastTheEnd || !data) {
    results = <ProductGridSkeleton count={6} className={CATEGORY_GRID} />;
  } else if (data.products.length === 0 && filtered) {
    results = (
      <EmptyState
        icon={<PackageOpen className="size-7" aria-hidden="true" />}
        message={m.noProductsText}
        primary={{ label: m.resetFilters, to: href.category(slug) }}
      />
    );
  } else if (data.products.length === 0) {
    results = (
      <EmptyState
        icon={<PackageOpen className="size-7" aria-hidden="true" />}
        message={m.categoryEmpty}
        primary={{ label: m.browseOtherCategories, to: href.categories() }}
        secondary={{ label: m.returnToHome, to: href.home() }}
      />
    );
  } else {
    results = (
      <div
        className={`flex flex-col gap-10 transition-opacity duration-300 ${listed.isPlaceholderData && narrowed ? 'opacity-60' : ''}`}
      >
        <ProductGrid
          products={data.products}
          hrefOf={slugHref}
          className={CATEGORY_GRID}
          eagerCount={FIRST_ROW_ON_PHONES}
        />
        <Pagination
          page={page}
          totalPages={data.totalPages}
          onPageChange={(next) => {
            update({ ...filters, page: next });
            window.scrollTo({ top: 0, behavior: 'smooth' });
          }}
        />
      </div>
    );
  }

  return (
    <div className="shell py-10 sm:py-14">
      <Breadcrumb
        className="mb-6"
        trail={[{ label: m.home, to: href.home() }, { label: categoryName ?? '…' }]}
      />
      <header className="mb-6 max-w-2xl sm:mb-8">
        {category ? (
          <>
            <h1 className="text-title text-ink sm:text-[2.5rem]">
              <bdi>{categoryName}</bdi>
            </h1>
            {/* SPEC §2's heading, kept, in a line's size under the name rather than three lines above
                the products on a phone (issue 35). */}
            <h2 className="mt-2 font-sans text-sm text-ink-soft">
              {format(m.categoryHeading, { name: isolate(categoryName ?? '') })}
            </h2>
            {/* The owner's own words (issue 35). */}
            {description ? (
              <p dir="auto" className="mt-3 leading-relaxed whitespace-pre-line text-ink-soft">
                {description}
              </p>
            ) : null}
          </>
        ) : (
          <div className="h-10 w-48 animate-pulse rounded-pill bg-sand" aria-hidden="true" />
        )}
      </header>

      <FilterBar
        panelId="category-filters"
        filters={filters}
        count={data?.totalCount}
        facets={facets}
        ceiling={priceCeiling(listed.data?.maxPrice)}
        onChange={update}
        resultsLabel={categoryName ?? m.category}
      >
        {results}
      </FilterBar>
    </div>
  );
}
