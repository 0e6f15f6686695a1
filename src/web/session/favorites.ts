import { useCallback, useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@/shared/constants';
import { catalogShell } from '@/web/i18n/first-screen';
import { notify } from '@/web/lib/notify';
import { getSession, isAdminRole } from './session';

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

function toNumber(value: number | string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number : undefined;
}

function categoryName(category: FavoriteSource['category']): string {
  if (!category) return '';
  if (typeof category === 'string') return category;
  if (Array.isArray(category)) return category.join(', ');
  return category.name ?? '';
}

/** Turns a product into the stored shape; null when it has no id, so nothing unnamed is kept. */
export function toFavoriteItem(product: FavoriteSource): FavoriteItem | null {
  const id = product._id ?? product.id;
  if (!id) return null;
  const defaultImage =
    (typeof product.defaultImage === 'string' ? product.defaultImage : product.defaultImage?.url) ||
    product.images?.[0]?.url ||
    '';
  const finalPrice = toNumber(product.finalPrice);
  const item: FavoriteItem = {
    _id: id,
    name: product.name ?? product.title ?? '',
    price: toNumber(product.price) ?? finalPrice ?? 0,
    description: product.description ?? '',
    defaultImage,
    category: categoryName(product.category),
  };
  if (finalPrice !== undefined) item.finalPrice = finalPrice;
  if (product.nameAr) item.nameAr = product.nameAr;
  if (product.descriptionAr) item.descriptionAr = product.descriptionAr;
  const { category } = product;
  if (category && typeof category === 'object' && !Array.isArray(category) && category.nameAr) {
    item.categoryAr = category.nameAr;
  }
  if (product.options?.length) item.hasOptions = true;
  return item;
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

function commit(next: FavoriteItem[]): void {
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

export function hasFavorite(id: string): boolean {
  return items.some((item) => item._id === id);
}

/** Adds a product; an already present one (or one without an id) is ignored. True when it was added. */
export function addFavorite(product: FavoriteSource): boolean {
  const item = toFavoriteItem(product);
  if (!item || hasFavorite(item._id)) return false;
  commit([...items, item]);
  return true;
}

/** True when something was removed. */
export function removeFavorite(id: string): boolean {
  if (!hasFavorite(id)) return false;
  commit(items.filter((item) => item._id !== id));
  return true;
}

/** Adds or removes; answers what happened, or null when the product has no id. */
export function toggleFavorite(product: FavoriteSource): 'added' | 'removed' | null {
  const id = product._id ?? product.id;
  if (!id) return null;
  if (removeFavorite(id)) return 'removed';
  return addFavorite(product) ? 'added' : null;
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
  add: (product: FavoriteSource) => boolean;
  remove: (id: string) => boolean;
  toggle: (product: FavoriteSource) => 'added' | 'removed' | null;
}

export function useFavorites(): Favorites {
  const current = useSyncExternalStore(subscribeFavorites, getFavorites, getFavorites);
  const has = useCallback((id: string) => current.some((item) => item._id === id), [current]);
  return {
    items: current,
    count: current.length,
    has,
    add: addFavorite,
    remove: removeFavorite,
    toggle: toggleFavorite,
  };
}

const m = catalogShell;

/**
 * The heart button's action with SPEC §8's rules and toasts: admins are refused, a missing product
 * is refused, otherwise it adds ('Added to favorites ❤️') or removes ('Removed from favorites').
 * Product card, details and the favourites screen all call this, so the rules live once.
 */
export function toggleFavoriteWithFeedback(product: FavoriteSource | null | undefined): void {
  if (isAdminRole(getSession().role)) {
    notify.error(m.adminsCannotFavorite);
    return;
  }
  const outcome = product ? toggleFavorite(product) : null;
  if (outcome === 'added') notify.success(m.addedToFavorites);
  else if (outcome === 'removed') notify.blank(m.removedFromFavorites);
  else notify.error(m.favoriteProductNotFound);
}
