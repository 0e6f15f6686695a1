import { DEFAULT_LANGUAGE, localeOf, type Language } from './language';

// Amounts as a reader sees them, apart from ./money.ts's arithmetic: every first screen shows prices,
// and only the cart, checkout, orders and the server count piastres.

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
