import type { messages } from '@/shared/messages';
import type { storefrontAr } from '@/shared/messages/ar/storefront';
import type { Dictionary } from '@/shared/messages/dictionary';
import { language } from './language';

/** Sections of the Arabic dictionary, each with its English twin's keys. */
export type ArabicSections = Partial<Dictionary<typeof messages>>;

/**
 * The Arabic dictionary (with the Arabic typeface), fetched only by Arabic pages (top-level await: the
 * modules that read texts wait for it), so the English first load carries no Arabic. It starts with the
 * storefront's sections; the admin's screens add theirs when their lazy chunk loads
 * (./arabic-sections.ts), so a shopper's download carries none of the admin's texts.
 */
export const arabic: (typeof storefrontAr & ArabicSections) | undefined =
  language === 'ar' ? { ...(await import('./arabic-dictionary')).storefrontAr } : undefined;
