import { direction } from './language';

const FIRST_STRONG_ISOLATE = '\u2068';
const POP_DIRECTIONAL_ISOLATE = '\u2069';

/*
 * Values in the page's text, one way across the storefront and the admin. A value whose direction is
 * not the page's own, or not known (a name the owner wrote only in English, a size 'M', a date, an
 * order or phone number, an e-mail, the shopper's own search words), is isolated where it sits:
 * - inside a string (a message filled by `format`, a title, an aria label, a toast): `isolate(value)`;
 * - in markup, alone or beside other text: `<bdi>`, which takes the value's own first strong direction;
 *   `<bdi dir="ltr">` for a number with no letters (a phone, an order number) that must read left to
 *   right whatever surrounds it;
 * - a whole block of text that may be in either language (a description the owner wrote only in
 *   English, a policy page): `dir="auto"` on the block, so it is laid out in its own direction.
 * Form fields for e-mails, phones and passwords are `dir="ltr"` (src/web/components/form-field.tsx).
 */

/**
 * A value set inside a sentence of the page's language ('الطلب N-10001', 'اتصال بـ +201001234567'),
 * isolated by Unicode's first-strong isolate: in a right-to-left sentence an order number's hyphen or a
 * phone's plus sign would otherwise join the Arabic run and jump to the wrong end. Left-to-right pages
 * keep the value as it is: Latin inside English needs no isolation, and the English texts stay exactly
 * SPEC's.
 */
export function isolate(value: string | number): string {
  return direction === 'rtl' ? `${FIRST_STRONG_ISOLATE}${value}${POP_DIRECTIONAL_ISOLATE}` : String(value);
}
