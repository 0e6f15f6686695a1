import type { City } from './constants';
import type { LocalizedText } from './localized';

/**
 * Egypt's 27 governorates (issue 36), by their ISO 3166-2:EG codes, with the names a shopper and a
 * courier use in English and in Arabic. The codes are what orders, zones and the API keep; the names are
 * only ever shown. Listed in the order most shops receive orders from: Greater Cairo and Alexandria
 * first, then the Delta, the Canal, Upper Egypt and the frontier governorates.
 */
export const GOVERNORATES = [
  { code: 'EG-C', name: { en: 'Cairo', ar: 'القاهرة' } },
  { code: 'EG-GZ', name: { en: 'Giza', ar: 'الجيزة' } },
  { code: 'EG-ALX', name: { en: 'Alexandria', ar: 'الإسكندرية' } },
  { code: 'EG-KB', name: { en: 'Qalyubia', ar: 'القليوبية' } },
  { code: 'EG-SHR', name: { en: 'Sharqia', ar: 'الشرقية' } },
  { code: 'EG-DK', name: { en: 'Dakahlia', ar: 'الدقهلية' } },
  { code: 'EG-GH', name: { en: 'Gharbia', ar: 'الغربية' } },
  { code: 'EG-MNF', name: { en: 'Monufia', ar: 'المنوفية' } },
  { code: 'EG-BH', name: { en: 'Beheira', ar: 'البحيرة' } },
  { code: 'EG-KFS', name: { en: 'Kafr El Sheikh', ar: 'كفر الشيخ' } },
  { code: 'EG-DT', name: { en: 'Damietta', ar: 'دمياط' } },
  { code: 'EG-PTS', name: { en: 'Port Said', ar: 'بورسعيد' } },
  { code: 'EG-IS', name: { en: 'Ismailia', ar: 'الإسماعيلية' } },
  { code: 'EG-SUZ', name: { en: 'Suez', ar: 'السويس' } },
  { code: 'EG-FYM', name: { en: 'Faiyum', ar: 'الفيوم' } },
  { code: 'EG-BNS', name: { en: 'Beni Suef', ar: 'بني سويف' } },
  { code: 'EG-MN', name: { en: 'Minya', ar: 'المنيا' } },
  { code: 'EG-AST', name: { en: 'Asyut', ar: 'أسيوط' } },
  { code: 'EG-SHG', name: { en: 'Sohag', ar: 'سوهاج' } },
  { code: 'EG-KN', name: { en: 'Qena', ar: 'قنا' } },
  { code: 'EG-LX', name: { en: 'Luxor', ar: 'الأقصر' } },
  { code: 'EG-ASN', name: { en: 'Aswan', ar: 'أسوان' } },
  { code: 'EG-BA', name: { en: 'Red Sea', ar: 'البحر الأحمر' } },
  { code: 'EG-WAD', name: { en: 'New Valley', ar: 'الوادي الجديد' } },
  { code: 'EG-MT', name: { en: 'Matrouh', ar: 'مطروح' } },
  { code: 'EG-SIN', name: { en: 'North Sinai', ar: 'شمال سيناء' } },
  { code: 'EG-JS', name: { en: 'South Sinai', ar: 'جنوب سيناء' } },
] as const satisfies readonly { code: string; name: LocalizedText }[];

export type GovernorateCode = (typeof GOVERNORATES)[number]['code'];

export const GOVERNORATE_CODES = GOVERNORATES.map((g) => g.code) as [GovernorateCode, ...GovernorateCode[]];

const BY_CODE = new Map<string, (typeof GOVERNORATES)[number]>(GOVERNORATES.map((g) => [g.code, g]));

export function isGovernorateCode(value: string): value is GovernorateCode {
  return BY_CODE.has(value);
}

/** A governorate's name in `language`. */
export function governorateName(code: GovernorateCode, language: keyof LocalizedText): string {
  return BY_CODE.get(code)!.name[language];
}

export const CAIRO: GovernorateCode = 'EG-C';
export const GIZA: GovernorateCode = 'EG-GZ';

/**
 * SPEC's three cities, read from a governorate: the order answer's `city` keeps saying one of them, so a
 * SPEC §7 client reads every order as it always has.
 */
export function cityOfGovernorate(code: GovernorateCode | null): City {
  if (code === CAIRO) return 'Cairo';
  if (code === GIZA) return 'Giza';
  return 'Outside Cairo and Giza';
}
