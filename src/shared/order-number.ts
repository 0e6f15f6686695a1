/** What every order number starts with, on the shopper's side, the owner's and in e-mails: `N-10234`. */
export const ORDER_NUMBER_PREFIX = 'N-';

/** The largest number an order may have (the column is PostgreSQL's `integer`). */
const MAX_ORDER_NUMBER = 2_147_483_647;

export function formatOrderNumber(number: number): string {
  return `${ORDER_NUMBER_PREFIX}${number}`;
}

/**
 * The order number a search box's text names, if it names one: `N-10234`, `n10234`, `#N-10234` or
 * `10234`, with or without the prefix people copy from an e-mail. Null for anything else.
 */
export function parseOrderNumber(text: string): number | null {
  const match = /^#?\s*(?:n-?\s*)?(\d{1,10})$/i.exec(text.trim());
  if (!match) return null;
  const number = Number(match[1]);
  return number <= MAX_ORDER_NUMBER ? number : null;
}
