import { SlidersHorizontal, X } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { MOBILE_BREAKPOINT_PX } from '@/shared/constants';
import type { ListingFilters } from '@/shared/listing-filters';
import type { Facet } from '@/shared/schemas/product';
import { isolate } from '@/web/i18n/bidi';
import { format, formatEgp } from '@/web/i18n/language';
import { messages } from '@/web/i18n/messages';
import { ListingFiltersPanel, SortSelect } from './listing-filters';
import { activeFilters, draftsKey, withoutFilter, withoutFilters, type ActiveFilter } from './listing-params';

const m = messages.catalog;
const v = messages.variants;

const availabilityLabels = {
  all: m.availabilityAll,
  inStock: m.availabilityInStock,
  outOfStock: m.availabilityOutOfStock,
} as const;

/** A category's name as the page shows it, from the English name the filter keeps in the URL. */
export type CategoryLabel = (name: string) => string;

/** What a chip says; the shopper's own words and the shop's option values are isolated in Arabic. */
function chipLabel(
  filter: ActiveFilter,
  filters: ListingFilters,
  ceiling: number,
  categoryLabel: CategoryLabel,
): string {
  switch (filter) {
    case 'search':
      return format(m.chipSearch, { value: isolate(filters.search) });
    case 'category':
      return isolate(categoryLabel(filters.category));
    case 'price':
      return format(m.chipPrice, {
        min: isolate(formatEgp(filters.minPrice ?? 0)),
        max: isolate(formatEgp(filters.maxPrice ?? ceiling)),
      });
    case 'availability':
      return availabilityLabels[filters.availability];
    case 'size':
      return format(v.chipSize, { values: isolate(filters.size.join(', ')) });
    case 'color':
      return format(v.chipColor, { values: isolate(filters.color.join(', ')) });
  }
}

interface FilterBarProps {
  /** The filters' panel's id, which its toggle on phones controls. */
  panelId: string;
  filters: ListingFilters;
  /** How many products the filters leave; undefined while the first answer is on its way. */
  count: number | undefined;
  /** The categories to choose from; none on a category's own page. */
  categoryNames?: string[];
  categoryLabel?: CategoryLabel;
  /** The sizes and colours in stock under the other filters, from the listing's answer. */
  facets: { size: readonly Facet[]; color: readonly Facet[] } | undefined;
  /** The price slider's top (SPEC §9). */
  ceiling: number;
  onChange: (next: ListingFilters) => void;
  /** The name of the results' region. */
  resultsLabel: string;
  /** The results: the grid and its pagination, or the state that stands in for them. */
  children: ReactNode;
}

/**
 * The filters around a listing of products (SPEC §2), the same on /products and a category's page:
 * the bar with the count, the panel's toggle on phones and the sort; a removable chip per active
 * filter with 'Clear All' (the sort stays); the panel beside the results (over them below 768 px).
 */
export function FilterBar({
  panelId,
  filters,
  count,
  categoryNames,
  categoryLabel = (name) => name,
  facets,
  ceiling,
  onChange,
  resultsLabel,
  children,
}: FilterBarProps) {
  const [panelOpen, setPanelOpen] = useState(false);
  const panelRef = useRef<HTMLElement>(null);
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
    onChange(next);
    setPanelOpen(false);
  };
  const active = activeFilters(filters);

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3 border-y border-line py-4">
        <div className="flex items-center gap-3">
          <button
            ref={toggleRef}
            type="button"
            className="btn btn-outline md:hidden"
            aria-expanded={panelOpen}
            aria-controls={panelId}
            onClick={() => setPanelOpen((open) => !open)}
          >
            <SlidersHorizontal className="size-4" aria-hidden="true" />
            {panelOpen ? m.hideFilters : m.showFilters}
          </button>
          <p className="text-sm text-ink-soft" aria-live="polite">
            {count === undefined ? messages.layout.loading : format(m.productsFound, { n: count })}
          </p>
        </div>
        <SortSelect value={filters.sort} onChange={(sort) => onChange({ ...filters, sort, page: 1 })} />
      </div>

      {active.length > 0 ? (
        <ul className="mt-4 flex flex-wrap items-center gap-2" aria-label={m.filters}>
          {active.map((filter) => {
            const label = chipLabel(filter, filters, ceiling, categoryLabel);
            return (
              <li key={filter}>
                <button
                  type="button"
                  onClick={() => onChange(withoutFilter(filters, filter))}
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
              onClick={() => onChange(withoutFilters(filters))}
              className="px-2 text-xs font-medium text-accent-strong underline-offset-4 hover:underline"
            >
              {m.clearAll}
            </button>
          </li>
        </ul>
      ) : null}

      <div className="mt-8 grid gap-8 md:grid-cols-[14rem_1fr] lg:grid-cols-[16rem_1fr] lg:gap-10">
        <aside
          id={panelId}
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
            facets={facets}
            ceiling={ceiling}
            onChoose={onChange}
            onApply={apply}
            count={count}
          />
        </aside>
        {/* The cards' names are level-3 headings: the results' own heading keeps the outline whole. */}
        <section aria-labelledby={`${panelId}-results`}>
          <h2 id={`${panelId}-results`} className="sr-only">
            {resultsLabel}
          </h2>
          {children}
        </section>
      </div>
    </>
  );
}
