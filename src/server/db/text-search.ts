import { ilike, like, sql, type Column, type SQL } from 'drizzle-orm';

/** `%`, `_` and `\` typed into a search box are letters to find, not wildcards. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** `column` holds `text` anywhere, in any case: the ILIKE '%…%' that a trigram index serves. */
export function containsText(column: Column | SQL, text: string): SQL {
  return ilike(column, `%${escapeLike(text)}%`);
}

/** `column` starts with `text`, in any case. */
export function startsWithText(column: Column | SQL, text: string): SQL {
  return ilike(column, `${escapeLike(text)}%`);
}

/**
 * `column` holds `term` anywhere, both in the search's one spelling (src/shared/search-text.ts), so a
 * plain, case-sensitive LIKE does: the trigram index on the column serves it.
 */
export function containsNormalized(column: Column, term: string): SQL {
  return like(column, `%${escapeLike(term)}%`);
}

/**
 * How alike a term and the closest stretch of a text must be (pg_trgm's word similarity, 0 to 1) for
 * the search to take one for the other. At 0.4 'lnen' finds 'linen' and 'kaftn' 'kaftan'; the default
 * 0.6 missed most one-letter typos of short words. Every connection sets it (db/client.ts).
 */
export const SEARCH_TYPO_SIMILARITY = 0.4;

/**
 * Some stretch of `column` is like `term` (pg_trgm's `<%`, at SEARCH_TYPO_SIMILARITY): a word typed
 * with a letter missing, doubled or swapped. The trigram index on the column serves it.
 */
export function resemblesNormalized(column: Column, term: string): SQL {
  return sql`${term} <% ${column}`;
}
