import { Check, Search } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/i18n/messages';
import { LISTING_SORTS } from '@/shared/listing';
import type { ListingFilters } from '@/shared/listing-filters';
import type { ProductSort } from '@/shared/constants';
import type { Facet } from '@/shared/schemas/product';
import { swatchOf } from '@/web/lib/colour-swatches';
import { inSizeOrder } from '@/web/lib/size-order';

const m = messages.catalog;
const v = messages.variants;

/** Two range inputs share one track: only their thumbs take the pointer, so both stay reachable. */
const RANGE_INPUT = [
  'pointer-events-none absolute inset-0 h-5 w-full appearance-none bg-transparent',
  '[&::-webkit-slider-thumb]:pointer-events-auto [&::-webkit-slider-thumb]:size-5 [&::-webkit-slider-thumb]:cursor-grab',
  '[&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-pill [&::-webkit-slider-thumb]:border-2',
  '[&::-webkit-slider-thumb]:border-surface [&::-webkit-slider-thumb]:bg-ink [&::-webkit-slider-thumb]:shadow-card',
  '[&::-moz-range-thumb]:pointer-events-auto [&::-moz-range-thumb]:size-4 [&::-moz-range-thumb]:cursor-grab',
  '[&::-moz-range-thumb]:rounded-pill [&::-moz-range-thumb]:border-2 [&::-moz-range-thumb]:border-surface',
  '[&::-moz-range-thumb]:bg-ink',
].join(' ');

const sortLabels = {
  featured: m.sortFeatured,
  priceAsc: m.sortPriceAsc,
  priceDesc: m.sortPriceDesc,
  nameAsc: m.sortNameAsc,
  nameDesc: m.sortNameDesc,
  newest: m.sortNewest,
  discount: m.sortDiscount,
} as const satisfies Record<ProductSort, string>;

/** 'Sort by' and its choices (SPEC §9), shared by the listing and the category pages. */
export function SortSelect({
  value,
  onChange,
}: {
  value: ProductSort;
  onChange: (sort: ProductSort) => void;
}) {
  // The server's `discount` sort is offered only when a URL asked for it.
  const sorts: readonly ProductSort[] = value === 'discount' ? [...LISTING_SORTS, 'discount'] : LISTING_SORTS;
  return (
    <div className="flex items-center gap-2">
      <label htmlFor="listing-sort" className="text-sm text-ink-soft">
        {m.sortBy}
      </label>
      <select
        id="listing-sort"
        className="field w-auto py-2 pe-8 text-sm"
        value={value}
        onChange={(event) => onChange(event.target.value as ProductSort)}
      >
        {sorts.map((sort) => (
          <option key={sort} value={sort}>
            {sortLabels[sort]}
          </option>
        ))}
      </select>
    </div>
  );
}

interface PriceInputProps {
  id: string;
  label: string;
  ceiling: number;
  value: string;
  placeholder: string;
  onChange: (text: string) => void;
}

/** A typed price beside the slider: kept as text so a half-typed number is not rewritten under the cursor. */
function PriceInput({ id, label, ceiling, value, placeholder, onChange }: PriceInputProps) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs text-muted">
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        min={0}
        max={ceiling}
        step="any"
        className="field"
        value={value}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/** The values a size or colour filter offers: the answer's facets, plus any chosen value it no longer lists. */
function facetValues(facets: readonly Facet[], chosen: readonly string[]): Facet[] {
  const missing = chosen.filter((value) => !facets.some((facet) => facet.value === value));
  return [...facets, ...missing.map((value) => ({ value, count: 0 }))];
}

interface FacetFilterProps {
  legend: string;
  facets: readonly Facet[];
  chosen: readonly string[];
  swatches: boolean;
  onToggle: (value: string) => void;
}

/**
 * Sizes or colours as toggle buttons, each with how many products have it in stock (issue 13); a
 * choice applies at once, as a category does. Only what exists under the other filters is offered.
 */
export function FacetFilter({ legend, facets, chosen, swatches, onToggle }: FacetFilterProps) {
  const values = facetValues(facets, chosen);
  if (values.length === 0) return null;
  return (
    <fieldset>
      <legend className="label">{legend}</legend>
      <ul className="flex flex-wrap gap-2">
        {values.map(({ value, count }) => {
          const on = chosen.includes(value);
          const swatch = swatches ? swatchOf(value) : undefined;
          return (
            <li key={value}>
              <button
                type="button"
                aria-pressed={on}
                onClick={() => onToggle(value)}
                className={`inline-flex min-h-11 items-center gap-1.5 rounded-pill border px-3 py-1.5 text-sm transition ${
                  on
                    ? 'border-ink bg-ink font-medium text-canvas'
                    : 'border-line-strong bg-surface text-ink-soft hover:border-ink hover:text-ink'
                }`}
              >
                {swatch ? (
                  <span
                    aria-hidden="true"
                    className="size-4 rounded-pill border border-line-strong"
                    style={{ backgroundColor: swatch }}
                  />
                ) : null}
                <bdi>{value}</bdi>
                {/* Named by what it shows, 'M (3)' (axe label-content-name-mismatch, issue 35). */}{' '}
                <span className={`text-xs ${on ? 'text-canvas/75' : 'text-muted'}`}>({count})</span>
                {on ? <Check className="size-3.5" aria-hidden="true" /> : null}
              </button>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

export function toggled(values: readonly string[], value: string): string[] {
  return values.includes(value) ? values.filter((each) => each !== value) : [...values, value];
}

interface ListingFiltersPanelProps {
  filters: ListingFilters;
  /** The categories to choose from; none on a category's own page. */
  categoryNames?: string[];
  /** The name shown for one of categoryNames: its Arabic name on Arabic pages. */
  categoryLabel: (name: string) => string;
  /** The sizes and colours in stock under the other filters, from the listing's answer. */
  facets: { size: readonly Facet[]; color: readonly Facet[] } | undefined;
  /** The slider's top (SPEC §9). */
  ceiling: number;
  /** A category, size or colour tapped: applied at once, the panel stays open (issue 35). */
  onChoose: (next: ListingFilters) => void;
  /** The form sent: its typed drafts applied, and the phone's panel closes. */
  onApply: (next: ListingFilters) => void;
  /** How many products the applied filters leave, from the server's answer; undefined while it loads. */
  count: number | undefined;
}

function parsePrice(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const number = Number(text);
  // To the piastre: the API reads a price with at most 2 decimals.
  return Number.isFinite(number) && number >= 0 ? Math.round(number * 100) / 100 : undefined;
}

/**
 * Text search, category and price (SPEC §2). A category applies at once; typed text and prices wait
 * for 'Apply Filters' (or Enter), so the list does not jump on every keystroke. The listing remounts
 * this panel whenever the URL's filters change, so its drafts always start from what is shown.
 */
export function ListingFiltersPanel({
  filters,
  categoryNames,
  categoryLabel,
  facets,
  ceiling,
  onChoose,
  onApply,
  count,
}: ListingFiltersPanelProps) {
  const [search, setSearch] = useState(filters.search);
  const [minText, setMinText] = useState(filters.minPrice === undefined ? '' : String(filters.minPrice));
  const [maxText, setMaxText] = useState(filters.maxPrice === undefined ? '' : String(filters.maxPrice));

  const min = parsePrice(minText) ?? 0;
  const max = parsePrice(maxText) ?? ceiling;

  const drafts = (): ListingFilters => {
    let minPrice = parsePrice(minText);
    let maxPrice = parsePrice(maxText);
    if (minPrice === 0) minPrice = undefined;
    // The top of the range is no limit at all.
    if (maxPrice !== undefined && maxPrice >= ceiling) maxPrice = undefined;
    if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) {
      [minPrice, maxPrice] = [maxPrice, minPrice];
    }
    return { ...filters, search: search.trim(), minPrice, maxPrice, page: 1 };
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onApply(drafts());
  };

  const chooseCategory = (category: string) => onChoose({ ...drafts(), category });
  const toggleSize = (size: string) => onChoose({ ...drafts(), size: toggled(filters.size, size) });
  const toggleColor = (color: string) => onChoose({ ...drafts(), color: toggled(filters.color, color) });

  const categoryOption = (value: string, label: ReactNode) => {
    const chosen = filters.category === value;
    return (
      <li key={value}>
        <button
          type="button"
          aria-pressed={chosen}
          onClick={() => chooseCategory(value)}
          className={`w-full rounded-field px-3 py-2 text-start text-sm transition ${
            chosen ? 'bg-ink font-medium text-canvas' : 'text-ink-soft hover:bg-sand hover:text-ink'
          }`}
        >
          {label}
        </button>
      </li>
    );
  };

  // The track between the two thumbs, in logical terms so it mirrors in right-to-left pages.
  const startPercent = Math.min(100, (Math.min(min, max) / ceiling) * 100);
  const endPercent = Math.min(100, (Math.max(min, max) / ceiling) * 100);

  return (
    <form onSubmit={submit} className="space-y-8" aria-label={m.filters}>
      <div>
        <label htmlFor="listing-search" className="label">
          {m.searchLabel}
        </label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted"
            aria-hidden="true"
          />
          <input
            id="listing-search"
            type="search"
            className="field ps-9"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={messages.layout.searchPlaceholder}
            autoComplete="off"
          />
        </div>
      </div>

      {categoryNames ? (
        <fieldset>
          <legend className="label">{m.category}</legend>
          <ul className="space-y-1">
            {categoryOption('', m.allCategories)}
            {/* A category without an Arabic name shows its English one, isolated in an Arabic list. */}
            {categoryNames.map((name) => categoryOption(name, <bdi>{categoryLabel(name)}</bdi>))}
          </ul>
        </fieldset>
      ) : null}

      <FacetFilter
        legend={v.sizeFilter}
        facets={inSizeOrder(facets?.size ?? [])}
        chosen={filters.size}
        swatches={false}
        onToggle={toggleSize}
      />
      <FacetFilter
        legend={v.colorFilter}
        facets={facets?.color ?? []}
        chosen={filters.color}
        swatches
        onToggle={toggleColor}
      />

      <fieldset>
        <legend className="label">{m.priceRange}</legend>
        {/* A pointer shortcut for the two fields below, which are the accessible controls. */}
        <div className="relative mt-3 mb-5 h-5" aria-hidden="true">
          <div className="absolute inset-x-0 top-1/2 h-1 -translate-y-1/2 rounded-pill bg-line" />
          <div
            className="absolute top-1/2 h-1 -translate-y-1/2 rounded-pill bg-accent"
            style={{ insetInlineStart: `${startPercent}%`, insetInlineEnd: `${100 - endPercent}%` }}
          />
          <input
            type="range"
            tabIndex={-1}
            min={0}
            max={ceiling}
            step={1}
            value={Math.min(min, ceiling)}
            onChange={(event) => setMinText(String(Math.min(Number(event.target.value), max)))}
            className={RANGE_INPUT}
          />
          <input
            type="range"
            tabIndex={-1}
            min={0}
            max={ceiling}
            step={1}
            value={Math.min(max, ceiling)}
            onChange={(event) => setMaxText(String(Math.max(Number(event.target.value), min)))}
            className={RANGE_INPUT}
          />
        </div>
        <div className="grid grid-cols-2 gap-3">
          <PriceInput
            id="listing-min-price"
            label={m.minPrice}
            ceiling={ceiling}
            value={minText}
            placeholder="0"
            onChange={setMinText}
          />
          <PriceInput
            id="listing-max-price"
            label={m.maxPrice}
            ceiling={ceiling}
            value={maxText}
            placeholder={String(ceiling)}
            onChange={setMaxText}
          />
        </div>
        <p className="mt-2 text-xs text-muted">{m.applyPriceHint}</p>
      </fieldset>

      {/* On a phone the button stays at the screen's foot while the panel is open, and says how many
          products the chosen filters leave; beside the results it is 'Apply Filters'. */}
      <div className="sticky bottom-0 -mx-5 -mb-5 rounded-b-card border-t border-line bg-surface p-5 md:static md:m-0 md:border-0 md:bg-transparent md:p-0">
        <button type="submit" className="btn btn-primary w-full">
          <span className="md:hidden">
            {count === undefined ? m.applyFilters : format(m.showProducts, { n: count })}
          </span>
          <span className="max-md:hidden">{m.applyFilters}</span>
        </button>
      </div>
    </form>
  );
}
