import { governorateName, type GovernorateCode } from './governorates';
import type { City } from './constants';
import { DEFAULT_LANGUAGE, type Language } from './language';
import type { Dictionary } from './messages/dictionary';
import { format } from './messages/format';
import { orders } from './messages/orders';
import type { Shipping } from './schemas/checkout';

// Where an order goes, in words: apart from ./schemas/checkout.ts's rules, so a screen that only
// names the delivery zones (the product page's delivery block) does not load the checkout's zod schemas.

/** The words an address line is written with: the orders section of a language's dictionary. */
type AddressWords = Dictionary<
  Pick<typeof orders, 'floorApartment' | 'cityCairo' | 'cityGiza' | 'cityOutside'>
>;

/** A city as a language names it; the stored value (and the API's) is always the English one. */
export function cityName(city: City, words: Omit<AddressWords, 'floorApartment'>): string {
  return city === 'Cairo' ? words.cityCairo : city === 'Giza' ? words.cityGiza : words.cityOutside;
}

/** Arabic writes its own comma between the parts of an address. */
const ADDRESS_SEPARATOR: Record<Language, string> = { en: ', ', ar: '، ' };

/**
 * One line of address text from the structured fields: in English (the default), or in another
 * language's words for an order placed in it (what its shopper and its courier read).
 */
export function addressLine(
  s: Pick<Shipping, 'street' | 'building' | 'floor' | 'apartment' | 'landmark' | 'area' | 'city'> & {
    /** The governorate (issue 36): named in place of DESIGN §3's city, which 'Outside Cairo and Giza' blurs. */
    governorate?: GovernorateCode | null;
  },
  words: AddressWords = orders,
  language: Language = DEFAULT_LANGUAGE,
): string {
  const parts = [
    `${s.building} ${s.street}`,
    format(words.floorApartment, { floor: s.floor, apartment: s.apartment }, language),
    // People write the landmark as a phrase ("near the mosque", "opposite the bank"), so it stands as typed.
    s.landmark,
    s.area,
    s.governorate ? governorateName(s.governorate, language) : cityName(s.city, words),
  ];
  return parts.filter(Boolean).join(ADDRESS_SEPARATOR[language]);
}
