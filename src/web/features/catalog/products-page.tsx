import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { CATEGORY_NAMES } from '@/shared/constants';
import { STORAGE_KEYS } from '@/shared/shell-constants';
import { messages } from '@/web/i18n/messages';
import { EmptyState } from '@/web/components/empty-state';
import { LoadFailure } from '@/web/components/load-failure';
import { Pagination } from '@/web/components/pagination';
import {
  FIRST_ROW_ON_PHONES,
  ProductGrid,
  ProductGridSkeleton,
} from '@/web/components/product-card/product-grid';
import { apiQueryOf, knownCategory, readFilters } from '@/shared/listing';
import { writeFilters, type ListingFilters } from '@/shared/listing-filters';
import { localizedName } from '@/web/lib/localized';
import { useDocumentTitle } from '@/web/lib/shop';
import { allCategoriesQuery } from '@/web/lib/api/get-categories';
import { productListQuery } from '@/web/lib/api/get-products';
import { FilterBar, type CategoryLabel } from './filter-bar';
import { categoryFromState, takeStoredCategory } from '@/web/lib/category-choice';
import { priceCeiling } from './listing-params';

const m = messages.catalog;

const LISTING_GRID = 'grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-3 lg:gap-6';

function hasStoredCategory(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.selectedCategory) !== null;
  } catch {
    return false;
  }
}

/** SPEC §2's product listing: filters, sort and page live in the URL; the server filters and pages. */
export default function ProductsPage() {
  useDocumentTitle(m.allProducts);
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const categories = useQuery(allCategoriesQuery);
  const shopNames = useMemo(() => categories.data?.map((category) => category.name) ?? [], [categories.data]);
  const categoryNames = useMemo(
    () => (categories.data ? shopNames : [...CATEGORY_NAMES]),
    [categories.data, shopNames],
  );
  const filters = readFilters(searchParams, shopNames);
  // The URL names a category in English (the API filters by that name); Arabic pages show its Arabic name.
  const categoryLabel = useCallback<CategoryLabel>(
    (name) => {
      const category = categories.data?.find((each) => each.name === name);
      return category ? localizedName(category) : name;
    },
    [categories.data],
  );

  const update = useCallback(
    (next: ListingFilters, replace = false) => {
      setSearchParams(writeFilters(next), { replace, preventScrollReset: true });
    },
    [setSearchParams],
  );

  // A category chosen in the carousel arrives in navigation state and in storage (SPEC §2). It is
  // applied once the shop's category names are known, and the stored copy is removed either way.
  const arrivalTaken = useRef(false);
  const [arrivalHandled, setArrivalHandled] = useState(false);
  const [arriving] = useState(() => categoryFromState(location.state) !== undefined || hasStoredCategory());
  useEffect(() => {
    if (arrivalTaken.current || categories.isPending) return;
    arrivalTaken.current = true;
    const stored = takeStoredCategory();
    const arrived = categoryFromState(location.state) ?? stored;
    const name = arrived && !searchParams.has('category') ? knownCategory(arrived, shopNames) : undefined;
    // Once the URL carries the category, the wait below ends by itself.
    if (name) update({ ...readFilters(searchParams, shopNames), category: name, page: 1 }, true);
    else setArrivalHandled(true);
  }, [categories.isPending, location.state, searchParams, shopNames, update]);

  // Nothing is asked before an arriving category is applied, nor while a category in the URL that is
  // not one of the fixed names waits for the shop's list: either would fetch a list only to replace it.
  const rawCategory = searchParams.get('category');
  const waitingForNames =
    (arriving && !arrivalHandled && rawCategory === null) ||
    (categories.isPending && rawCategory !== null && knownCategory(rawCategory, []) === undefined);

  const products = useQuery({
    ...productListQuery(apiQueryOf(filters)),
    enabled: !waitingForNames,
    placeholderData: keepPreviousData,
  });
  const data = products.data;
  const ceiling = priceCeiling(data?.maxPrice);

  // SPEC §4: the page goes back to 1 whenever the number of results changes.
  const lastCount = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!data || products.isPlaceholderData) return;
    const previous = lastCount.current;
    lastCount.current = data.totalCount;
    if (filters.page === 1) return;
    if ((previous !== undefined && previous !== data.totalCount) || filters.page > data.totalPages) {
      update({ ...filters, page: 1 }, true);
    }
  }, [data, products.isPlaceholderData, filters, update]);

  let results;
  if (products.isError) {
    results = <LoadFailure />;
  } else if (!data) {
    results = <ProductGridSkeleton count={6} className={LISTING_GRID} />;
  } else if (data.products.length === 0) {
    results = (
      <EmptyState
        message={filters.search ? m.noProductsMatch : m.noProductsText}
        highlight={filters.search || undefined}
      />
    );
  } else {
    results = (
      <div className={`transition-opacity duration-300 ${products.isPlaceholderData ? 'opacity-60' : ''}`}>
        <ProductGrid products={data.products} className={LISTING_GRID} eagerCount={FIRST_ROW_ON_PHONES} />
        <div className="mt-12">
          <Pagination
            page={filters.page}
            totalPages={data.totalPages}
            onPageChange={(page) => {
              update({ ...filters, page });
              window.scrollTo({ top: 0, behavior: 'smooth' });
            }}
          />
        </div>
      </div>
    );
  }

  return (
    <div className="shell py-10 sm:py-14">
      <header className="mb-8 max-w-2xl">
        <h1 className="text-title text-ink sm:text-[2.5rem]">
          {filters.category ? <bdi>{categoryLabel(filters.category)}</bdi> : m.allProducts}
        </h1>
        <p className="mt-3 text-ink-soft">{m.allProductsText}</p>
      </header>

      <FilterBar
        panelId="listing-filters"
        filters={filters}
        count={data?.totalCount}
        categoryNames={categoryNames}
        categoryLabel={categoryLabel}
        facets={data?.facets}
        ceiling={ceiling}
        onChange={(next) => update(next)}
        resultsLabel={m.allProducts}
      >
        {results}
      </FilterBar>
    </div>
  );
}
