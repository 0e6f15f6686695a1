import { catalogShell } from '@/web/i18n/first-screen';
import { notify } from '@/web/lib/notify';
import { commitFavorites, getFavorites, type FavoriteItem, type FavoriteSource } from './favorites';
import { getSession, isAdminRole } from './session';

// What a press on a heart runs: loaded with the first press (src/web/session/favorites.ts), so the
// first screen carries only the list it reads.

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

function hasFavorite(id: string): boolean {
  return getFavorites().some((item) => item._id === id);
}

/** Adds a product; an already present one (or one without an id) is ignored. True when it was added. */
export function addFavorite(product: FavoriteSource): boolean {
  const item = toFavoriteItem(product);
  if (!item || hasFavorite(item._id)) return false;
  commitFavorites([...getFavorites(), item]);
  return true;
}

/** True when something was removed. */
export function removeFavorite(id: string): boolean {
  if (!hasFavorite(id)) return false;
  commitFavorites(getFavorites().filter((item) => item._id !== id));
  return true;
}

/** Adds or removes; answers what happened, or null when the product has no id. */
export function toggleFavorite(product: FavoriteSource): 'added' | 'removed' | null {
  const id = product._id ?? product.id;
  if (!id) return null;
  if (removeFavorite(id)) return 'removed';
  return addFavorite(product) ? 'added' : null;
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
