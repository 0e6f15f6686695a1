import { DEFAULT_PRICE_CEILING, STORAGE_KEYS } from '@/shared/constants';
import type { ListingFilters } from '@/shared/listing';

/** The navigation state the categories carousel sends to /products. */
export interface CategoryNavigationState {
  selectedCategory: string;
}

export function categoryFromState(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const value = (state as Partial<CategoryNavigationState>).selectedCategory;
  return typeof value === 'string' ? value : undefined;
}
/** The slider's top: the server's highest price rounded up, or 1000 when there are no products (SPEC §9). */
export function priceCeiling(serverMaxPrice: number | undefined): number {
  return serverMaxPrice && serverMaxPrice > 0 ? Math.ceil(serverMaxPrice) : DEFAULT_PRICE_CEILING;
}

/** The filters that narrow the listing, each one a removable chip. */
export type ActiveFilter = 'search' | 'category' | 'price' | 'availability';

export function activeFilters(filters: ListingFilters): ActiveFilter[] {
  const active: ActiveFilter[] = [];
  if (filters.search) active.push('search');
  if (filters.category) active.push('category');
  if (filters.minPrice !== undefined || filters.maxPrice !== undefined) active.push('price');
  if (filters.availability !== 'all') active.push('availability');
  return active;
}

export function withoutFilter(filters: ListingFilters, filter: ActiveFilter): ListingFilters {
  const next = { ...filters, page: 1 };
  if (filter === 'search') next.search = '';
  if (filter === 'category') next.category = '';
  if (filter === 'price') {
    next.minPrice = undefined;
    next.maxPrice = undefined;
  }
  if (filter === 'availability') next.availability = 'all';
  return next;
}

/**
 * The category remembered by the carousel (SPEC §2): read once and removed, so a later plain visit to
 * /products is not filtered by an old click.
 */
export function takeStoredCategory(): string | null {
  try {
    const value = window.localStorage.getItem(STORAGE_KEYS.selectedCategory);
    if (value !== null) window.localStorage.removeItem(STORAGE_KEYS.selectedCategory);
    return value;
  } catch {
    return null;
  }
}

export function rememberCategory(name: string): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.selectedCategory, name);
  } catch {
    // Without storage the navigation state still carries the choice.
  }
}
