import { messages as english } from '@/shared/messages';
import type { adminScreensAr } from '@/shared/messages/ar/admin-screens';
import { arabic } from './arabic';

/**
 * Every text of the storefront in the page's language. The Arabic dictionary has the English one's keys
 * (typed so in src/shared/messages/ar), with plain strings where English has literal types. The sections
 * only the admin's screens read are left out of the type: an Arabic page has them only once the admin's
 * chunk has loaded them, and the admin reads them from src/web/admin/messages.ts, which does.
 */
export const messages = (arabic ?? english) as Omit<typeof english, keyof typeof adminScreensAr>;
