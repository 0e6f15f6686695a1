import type { City } from './constants';

/** The words a language names the delivery zones with: its dictionary's orders section holds them. */
interface CityWords {
  cityCairo: string;
  cityGiza: string;
  cityOutside: string;
}

/**
 * A city as a language names it; the stored value (and the API's) is always the English one. Apart
 * from ./schemas/checkout.ts, so the product page's delivery block names the zones without the
 * checkout's rules.
 */
export function cityName(city: City, words: CityWords): string {
  return city === 'Cairo' ? words.cityCairo : city === 'Giza' ? words.cityGiza : words.cityOutside;
}
