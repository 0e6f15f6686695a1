/**
 * Money is stored as integer piastres (1 EGP = 100 piastres) and answered as EGP numbers with at most
 * two decimals (DESIGN §2), so sums never drift the way floating-point pounds do.
 */

export function toPiastres(egp: number): number {
  return Math.round(egp * 100);
}

export function toEgp(piastres: number): number {
  return piastres / 100;
}

/** finalPrice = round(price × (100 − discount) / 100) in piastres; discount is a whole percent. */
export function finalPricePiastres(pricePiastres: number, discountPercent: number): number {
  return Math.round((pricePiastres * (100 - discountPercent)) / 100);
}

/** The badge's percent: rounded (price − finalPrice) / price (SPEC §9). */
export function discountPercentOf(price: number, finalPrice: number): number {
  if (price <= 0) return 0;
  return Math.round(((price - finalPrice) / price) * 100);
}
