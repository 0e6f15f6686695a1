import { useCallback, useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@/shared/shell-constants';

/** A favourite as the browser keeps it (SPEC §3 "Favourite item"). */
export interface FavoriteItem {
  _id: string;
  name: string;
  /** The product's price, or its finalPrice when it has no price (SPEC §3). */
  price: number;
  /** Kept beside price so the favourites screen can show what the shopper would pay today. */
  finalPrice?: number;
  description: string;
  /** An image url: the default image, else the first image. */
  defaultImage: string;
  category: string;
  /** The Arabic texts (issue 14), kept when the product has them; Arabic pages show them instead. */
  nameAr?: string;
  descriptionAr?: string;
  categoryAr?: string;
  /** A product in sizes or colours: chosen on its page, so the favourites screen links there. */
  hasOptions?: boolean;
}

/** Any product shape the screens hold: the API's, a cart line's product, or an older stored one. */
export interface FavoriteSource {
  _id?: string;
  id?: string;
  name?: string;
  title?: string;
  price?: number | string;
  finalPrice?: number | string;
  description?: string;
  nameAr?: string;
  descriptionAr?: string;
  defaultImage?: { url?: string } | string | null;
  images?: { url?: string }[];
  category?: string | string[] | { name?: string; nameAr?: string } | null;
  options?: readonly unknown[];
}

function isFavoriteItem(value: unknown): value is FavoriteItem {
  return typeof value === 'object' && value !== null && typeof (value as FavoriteItem)._id === 'string';
}

function readItems(): FavoriteItem[] {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEYS.favorites);
    if (!raw) return [];
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isFavoriteItem) : [];
  } catch {
    // A damaged or unreadable value is treated as no favourites rather than breaking every page.
    return [];
  }
}

let items: FavoriteItem[] = readItems();
const listeners = new Set<() => void>();

/** Keeps the list and tells every screen that shows it (src/web/session/favorite-toggle.ts writes). */
export function commitFavorites(next: FavoriteItem[]): void {
  items = next;
  try {
    // Saved on every change (SPEC §4), so a reload or another tab sees the same list.
    window.localStorage.setItem(STORAGE_KEYS.favorites, JSON.stringify(next));
  } catch {
    // Storage full or disabled: the list still works for this visit.
  }
  for (const listener of listeners) listener();
}

export function subscribeFavorites(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getFavorites(): FavoriteItem[] {
  return items;
}

/** Re-reads storage; the storage event does this for other tabs, tests call it directly. */
export function reloadFavorites(): void {
  items = readItems();
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === STORAGE_KEYS.favorites) reloadFavorites();
  });
}

export interface Favorites {
  items: FavoriteItem[];
  count: number;
  has: (id: string) => boolean;
}

export function useFavorites(): Favorites {
  const current = useSyncExternalStore(subscribeFavorites, getFavorites, getFavorites);
  const has = useCallback((id: string) => current.some((item) => item._id === id), [current]);
  return { items: current, count: current.length, has };
}

/**
 * The heart button's action with SPEC §8's rules and toasts (src/web/session/favorite-toggle.ts).
 * Product card, details and the favourites screen all call this, so the rules live once; their code
 * comes with the first press, since the home page's first screen only shows the hearts.
 */
export function toggleFavoriteWithFeedback(product: FavoriteSource | null | undefined): void {
  void import('./favorite-toggle').then((toggle) => toggle.toggleFavoriteWithFeedback(product));
}
