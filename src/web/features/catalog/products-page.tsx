import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SlidersHorizontal, X } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { CATEGORY_NAMES, MOBILE_BREAKPOINT_PX } from '@/shared/constants';
import { STORAGE_KEYS } from '@/shared/shell-constants';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/i18n/messages';
import { formatEgp } from '@/web/i18n/language';
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
import { ListingFiltersPanel, SortSelect } from './listing-filters';
import { categoryFromState, takeStoredCategory } from '@/web/lib/category-choice';
import { activeFilters, draftsKey, priceCeiling, withoutFilter, type ActiveFilter } from './listing-params';

const m = messages.catalog;
const v = messages.variants;

const LISTING_GRID = 'grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-3 lg:gap-6';

const availabilityLabels = {
  all: m.availabilityAll,
  inStock: m.availabilityInStock,
  outOfStock: m.availabilityOutOfStock,
} as const;

function hasStoredCategory(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.selectedCategory) !== null;
  } catch {
    return false;
  }
}

/** A category's name as the page shows it, from the English name the filter keeps in the URL. */
type CategoryLabel = (name: string) => string;

function chipLabel(
  filter: ActiveFilter,
  filters: ListingFilters,
  ceiling: number,
  categoryLabel: CategoryLabel,
): string {
  switch (filter) {
    case 'search':
      return format(m.chipSearch, { value: filters.search });
    case 'category':
      return categoryLabel(filters.category);
    case 'price':
      return format(m.chipPrice, {
        min: formatEgp(filters.minPrice ?? 0),
        max: formatEgp(filters.maxPrice ?? ceiling),
      });
    case 'availability':
      return availabilityLabels[filters.availability];
    case 'size':
      return format(v.chipSize, { values: filters.size.join(', ') });
    case 'color':
      return format(v.chipColor, { values: filters.color.join(', ') });
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

  const [panelOpen, setPanelOpen] = useState(false);
  const panelRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!panelOpen) return;
    // Below 768 px the panel covers the list, so a click outside it closes it (SPEC §2).
    const onPointerDown = (event: MouseEvent) => {
      if (window.innerWidth >= MOBILE_BREAKPOINT_PX) return;
      const target = event.target as Node;
      if (panelRef.current?.contains(target) || toggleRef.current?.contains(target)) return;
      setPanelOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [panelOpen]);

  const apply = (next: ListingFilters) => {
    update(next);
    setPanelOpen(false);
  };

  const active = activeFilters(filters);
  const count = data?.totalCount ?? 0;

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
          {filters.category ? categoryLabel(filters.category) : m.allProducts}
        </h1>
        <p className="mt-3 text-ink-soft">{m.allProductsText}</p>
      </header>

      <div className="flex flex-wrap items-center justify-between gap-3 border-y border-line py-4">
        <div className="flex items-center gap-3">
          <button
            ref={toggleRef}
            type="button"
            className="btn btn-outline md:hidden"
            aria-expanded={panelOpen}
            aria-controls="listing-filters"
            onClick={() => setPanelOpen((open) => !open)}
          >
            <SlidersHorizontal className="size-4" aria-hidden="true" />
            {panelOpen ? m.hideFilters : m.showFilters}
          </button>
          <p className="text-sm text-ink-soft" aria-live="polite">
            {data ? format(m.productsFound, { n: count }) : messages.layout.loading}
          </p>
        </div>
        <SortSelect value={filters.sort} onChange={(sort) => update({ ...filters, sort, page: 1 })} />
      </div>

      {active.length > 0 ? (
        <ul className="mt-4 flex flex-wrap items-center gap-2" aria-label={m.filters}>
          {active.map((filter) => {
            const label = chipLabel(filter, filters, ceiling, categoryLabel);
            return (
              <li key={filter}>
                <button
                  type="button"
                  onClick={() => update(withoutFilter(filters, filter))}
                  aria-label={format(m.removeFilter, { name: label })}
                  className="inline-flex items-center gap-1.5 rounded-pill border border-line-strong bg-surface py-1.5 ps-3 pe-2 text-xs font-medium text-ink transition hover:border-ink"
                >
                  {label}
                  <X className="size-3.5" aria-hidden="true" />
                </button>
              </li>
            );
          })}
          <li>
            <button
              type="button"
              onClick={() =>
                update({
                  ...filters,
                  search: '',
                  category: '',
                  minPrice: undefined,
                  maxPrice: undefined,
                  availability: 'all',
                  size: [],
                  color: [],
                  page: 1,
                })
              }
              className="px-2 text-xs font-medium text-accent-strong underline-offset-4 hover:underline"
            >
              {m.clearAll}
            </button>
          </li>
        </ul>
      ) : null}

      <div className="mt-8 grid gap-8 md:grid-cols-[14rem_1fr] lg:grid-cols-[16rem_1fr] lg:gap-10">
        <aside
          id="listing-filters"
          ref={panelRef}
          className={`${panelOpen ? 'block' : 'hidden'} rounded-card border border-line bg-surface p-5 shadow-card md:sticky md:top-28 md:block md:self-start md:border-0 md:bg-transparent md:p-0 md:shadow-none`}
        >
          <ListingFiltersPanel
            // The panel's drafts start again only when the values it drafts change in the URL, so a price
            // typed while a category click is still rendering is not wiped by that render.
            key={draftsKey(filters)}
            filters={filters}
            categoryNames={categoryNames}
            categoryLabel={categoryLabel}
            facets={data?.facets}
            ceiling={ceiling}
            onApply={apply}
          />
        </aside>
        <section aria-label={m.allProducts}>{results}</section>
      </div>
    </div>
  );
}
