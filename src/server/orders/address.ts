import type { City } from '@/shared/constants';
import { CAIRO, GIZA, GOVERNORATES, type GovernorateCode } from '@/shared/governorates';
import { LANGUAGES, type Language } from '@/shared/language';
import { addressLine, cityName } from '@/shared/address';
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

/** A text in one spelling and without its white space, so 'خارج القاهرة و الجيزه' meets the option's name. */
function compact(text: string): string {
  return normalizeSearchText(text).replace(/\s+/gu, '');
}

/**
 * The option names of Outside Cairo and Giza in every language (the English one is the stored value):
 * they hold the words of the other two cities, so the whole name is looked for before those words.
 */
const OUTSIDE_NAMES = LANGUAGES.map((language) =>
  compact(cityName('Outside Cairo and Giza', dictionaryIn(language).orders)),
);

/**
 * The city a bare address text names, for clients that send no `city` (DESIGN §2): the whole option
 * name 'Outside Cairo and Giza' (or 'خارج القاهرة والجيزة') in it → Outside Cairo and Giza; else Giza's
 * name in it → Giza, else Cairo's → Cairo, else Outside Cairo and Giza; the names of either language, any case,
 * with or without the article and the spelling variants of Arabic.
 */
export function cityFromAddress(address: string): City {
  const compacted = compact(address);
  if (OUTSIDE_NAMES.some((name) => compacted.includes(name))) return 'Outside Cairo and Giza';
  const text = normalizeSearchText(address);
  if (GIZA_WORDS.some((word) => text.includes(word))) return 'Giza';
  if (CAIRO_WORDS.some((word) => text.includes(word))) return 'Cairo';
  return 'Outside Cairo and Giza';
}

/** A governorate's name as an address text may hold it: one spelling, no article, no white space. */
function governorateWord(name: string): string {
  return compact(name).replace(/^ال/u, '');
}

/** Every governorate but Cairo and Giza with its names in both languages, longest first ('New Valley' before 'Valley'). */
const OTHER_GOVERNORATES = GOVERNORATES.filter((g) => g.code !== CAIRO && g.code !== GIZA)
  .flatMap((g) => LANGUAGES.map((language) => ({ code: g.code, word: governorateWord(g.name[language]) })))
  .sort((a, b) => b.word.length - a.word.length);

/**
 * The governorate a bare address text names (issue 36), after its city (`cityFromAddress`): Cairo's
 * and Giza's are theirs; an address outside them names the governorate whose name it holds, in either
 * language, or none (then the order is charged as DESIGN §3's 'Outside Cairo and Giza').
 */
export function governorateFromAddress(address: string, city: City): GovernorateCode | null {
  if (city === 'Cairo') return CAIRO;
  if (city === 'Giza') return GIZA;
  const compacted = compact(address);
  return OTHER_GOVERNORATES.find(({ word }) => compacted.includes(word))?.code ?? null;
}
