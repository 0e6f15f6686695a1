import { direction } from './language';

const FIRST_STRONG_ISOLATE = '\u2068';
const POP_DIRECTIONAL_ISOLATE = '\u2069';

/**
 * A value set inside a sentence of the page's language ('الطلب N-10001', 'اتصال بـ +201001234567'),
 * isolated by Unicode's first-strong isolate: in a right-to-left sentence an order number's hyphen or a
 * phone's plus sign would otherwise join the Arabic run and jump to the wrong end. For texts that are
 * strings (titles, aria labels, toasts); in markup, <bdi> does the same. Left-to-right pages keep the
 * value as it is: Latin inside English needs no isolation, and the English texts stay exactly SPEC's.
 */
export function isolate(value: string | number): string {
  return direction === 'rtl' ? `${FIRST_STRONG_ISOLATE}${value}${POP_DIRECTIONAL_ISOLATE}` : String(value);
}
