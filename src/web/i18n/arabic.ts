import { language } from './language';

/**
 * The Arabic dictionary (with the Arabic typeface), fetched only by Arabic pages (top-level await: the
 * modules that read texts wait for it), so the English first load carries no Arabic.
 */
export const arabic = language === 'ar' ? (await import('./arabic-dictionary')).messagesAr : undefined;
