/**
 * A moment as every screen shows it (an order's time, in the shop and the admin alike): the shop's
 * locale, like `formatEgp`, so Arabic can later pass its own.
 */
export function formatDateTime(iso: string | Date, locale = 'en-EG'): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
