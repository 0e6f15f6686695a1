const FIRST_STRONG_ISOLATE = '\u2068';
const POP_DIRECTIONAL_ISOLATE = '\u2069';

/**
 * A value between Unicode's first-strong isolates, for a sentence written right to left: the value (a
 * product's English name, an order number, a phone) is laid out in its own direction and keeps its
 * place in the sentence. The web isolates what it shows (src/web/i18n/bidi.ts), the API the values of
 * its refusals (src/server/plugins/errors.ts); both only for a right-to-left reader.
 */
export function isolated(value: string | number): string {
  return `${FIRST_STRONG_ISOLATE}${value}${POP_DIRECTIONAL_ISOLATE}`;
}
