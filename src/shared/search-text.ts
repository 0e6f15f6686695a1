// What the shop's search compares: a product's names and a shopper's term, each brought to one spelling
// so that the usual variants of Arabic and Latin writing meet. The database keeps every product's
// names in this form (the `search_normalize` SQL function behind `products.search_text`, migration
// `search_text`), and the server brings the typed term to the same form before it looks: the two must
// agree character for character, which src/server/catalog/search-text.test.ts checks against SQL.

/**
 * Every character that changes, and what it becomes ('' drops it): the same table as the `translate`
 * of the SQL function.
 */
const REPLACEMENTS: ReadonlyArray<readonly [from: string, to: string]> = [
  // Alef with hamza above or below, with madda, and alef wasla: a plain alef.
  ['\u0623\u0625\u0622\u0671', '\u0627\u0627\u0627\u0627'],
  // Alef maqsura: yeh. Teh marbuta: heh. Hamza on waw: waw. Hamza on yeh: yeh.
  ['\u0649\u0629\u0624\u0626', '\u064a\u0647\u0648\u064a'],
  // Arabic-Indic and Persian (Extended Arabic-Indic) digits: ASCII digits.
  ['\u0660\u0661\u0662\u0663\u0664\u0665\u0666\u0667\u0668\u0669', '0123456789'],
  ['\u06f0\u06f1\u06f2\u06f3\u06f4\u06f5\u06f6\u06f7\u06f8\u06f9', '0123456789'],
  // Latin capitals: their small letters. Only A-Z, so the result never depends on a database locale.
  ['ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'],
  // Dropped: tatweel, the harakat (fathatan … sukun), madda/hamza above and below, superscript alef.
  ['\u0640\u064b\u064c\u064d\u064e\u064f\u0650\u0651\u0652\u0653\u0654\u0655\u0670', ''],
];

const MAPPING = new Map<string, string>(
  REPLACEMENTS.flatMap(([from, to]) => [...from].map((char, i): [string, string] => [char, to[i] ?? ''])),
);
const CHANGED = new RegExp(`[${[...MAPPING.keys()].join('')}]`, 'gu');

/** A text in the search's one spelling (what `search_normalize` gives in SQL). */
export function normalizeSearchText(text: string): string {
  return text.replace(CHANGED, (char) => MAPPING.get(char) ?? char);
}

/**
 * A typed search term as the database compares it: normalized, spaces trimmed and runs of white space
 * made one space (names are written with single spaces). Empty when nothing searchable was typed.
 */
export function searchTerm(typed: string): string {
  return normalizeSearchText(typed).trim().replace(/\s+/g, ' ');
}

/**
 * A search term's words (the term as `searchTerm` gives it): a product matches when its names hold every
 * one of them, in any order and apart, so 'blue dress' finds "Navy Blue Linen Dress" (issue 18).
 */
export function searchWords(term: string): string[] {
  return [...new Set(term.split(' ').filter((word) => word !== ''))];
}
