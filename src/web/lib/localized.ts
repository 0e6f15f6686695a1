import { language } from '@/web/i18n/language';

/** A product's or category's name in both languages; `nameAr` is empty (or absent) where none was written. */
interface Named {
  name?: string | undefined;
  nameAr?: string | undefined;
}

interface Described {
  description?: string | undefined;
  descriptionAr?: string | undefined;
}

/** The Arabic text on an Arabic page when there is one, else the English (issue 14). */
function pick(english: string | undefined, arabic: string | undefined): string {
  if (language === 'ar' && arabic?.trim()) return arabic;
  return english ?? '';
}

/** The name a shopper reads: Arabic on Arabic pages, falling back to the English name. */
export function localizedName(item: Named): string {
  return pick(item.name, item.nameAr);
}

/** The description a shopper reads: Arabic on Arabic pages, falling back to the English one. */
export function localizedDescription(item: Described): string {
  return pick(item.description, item.descriptionAr);
}
