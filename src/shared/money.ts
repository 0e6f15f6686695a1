import { DEFAULT_LANGUAGE, localeOf, type Language } from './language';

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

const formatters = new Map<string, Intl.NumberFormat>();

/** "1,250" or "1,250.50": the amount alone, for templates that add the currency themselves. */
export function formatAmount(egp: number, language: Language = DEFAULT_LANGUAGE): string {
  const locale = localeOf(language);
  // Whole pounds read cleaner without ".00"; anything else always shows both piastre digits.
  const digits = Number.isInteger(egp) ? 0 : 2;
  const key = `${locale}:${digits}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: 2 });
    formatters.set(key, formatter);
  }
  return formatter.format(egp);
}

/** The currency after the amount, as each language writes it. */
const CURRENCY: Record<Language, string> = { en: 'EGP', ar: 'ج.م.' };

/** "1,250 EGP" or "1,250 ج.م.": every price on every screen and e-mail goes through here. */
export function formatEgp(egp: number, language: Language = DEFAULT_LANGUAGE): string {
  return `${formatAmount(egp, language)} ${CURRENCY[language]}`;
}
