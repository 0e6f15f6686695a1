import { STORAGE_KEYS } from '@/shared/shell-constants';

// SPEC §2: a click on a category in the home page's carousel opens /products filtered by it. The
// carousel (a shared component) sends the choice and the listing (the catalogue) reads it, so it lives
// here, below both.

/** The navigation state the categories carousel sends to /products. */
export interface CategoryNavigationState {
  selectedCategory: string;
}

export function categoryFromState(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const value = (state as Partial<CategoryNavigationState>).selectedCategory;
  return typeof value === 'string' ? value : undefined;
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
