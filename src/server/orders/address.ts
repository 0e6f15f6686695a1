import type { City } from '@/shared/constants';
import { LANGUAGES, type Language } from '@/shared/language';
import { addressLine } from '@/shared/address';
import { normalizeSearchText } from '@/shared/search-text';
import { dictionaryIn } from '../plugins/language';

/**
 * The address line of an order placed in `language`, in that language's words, as the shopper and
 * whoever delivers read it: '12 Nile Street, Floor 5, Apartment 12, Dokki, Giza' or
 * '12 شارع النيل، الدور 5، شقة 12، الدقي، الجيزة' (digits stay ASCII, as the fields store them).
 */
export function addressLineIn(shipping: Parameters<typeof addressLine>[0], language: Language): string {
  return addressLine(shipping, dictionaryIn(language).orders, language);
}

/**
 * A city's name as an address text may hold it, in one spelling (`normalizeSearchText`: 'الجيزة' and
 * 'الجيزه' meet) and without the Arabic article, so 'جيزة' alone names it too.
 */
function cityWord(name: string): string {
  return normalizeSearchText(name).replace(/^ال/u, '');
}

const namesIn = (city: 'cityGiza' | 'cityCairo') =>
  LANGUAGES.map((language) => cityWord(dictionaryIn(language).orders[city]));
const GIZA_WORDS = namesIn('cityGiza');
const CAIRO_WORDS = namesIn('cityCairo');

/**
 * The city a bare address text names, for clients that send no `city` (DESIGN §2): Giza's name in it
 * → Giza, else Cairo's → Cairo, else Outside Cairo and Giza; the names of either language, any case,
 * with or without the article and the spelling variants of Arabic.
 */
export function cityFromAddress(address: string): City {
  const text = normalizeSearchText(address);
  if (GIZA_WORDS.some((word) => text.includes(word))) return 'Giza';
  if (CAIRO_WORDS.some((word) => text.includes(word))) return 'Cairo';
  return 'Outside Cairo and Giza';
}
