import { formatDateTime as formatDateTimeIn } from '@/shared/dates';
import { language } from './language';

// Apart from ./language.ts's formats: only the orders' and the admin's pages show moments, and the
// first screen carries ./language.ts.

/** An order's moment in the page's language. */
export function formatDateTime(iso: string | Date): string {
  return formatDateTimeIn(iso, language);
}
