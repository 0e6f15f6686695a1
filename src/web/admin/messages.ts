import type { messages as english } from '@/shared/messages';
import { addArabicSections } from '@/web/i18n/arabic-sections';
import { language } from '@/web/i18n/language';
import { messages as storefront } from '@/web/i18n/messages';

// The admin's own Arabic texts come with the admin's lazy chunk (top-level await: every admin screen
// waits for them), not with the storefront's dictionary: an Arabic shopper never downloads them.
if (language === 'ar') {
  addArabicSections((await import('@/shared/messages/ar/admin-screens')).adminScreensAr);
}

/** Every text of the web app, the admin's screens' included, in the page's language. */
export const messages = storefront as typeof english;
