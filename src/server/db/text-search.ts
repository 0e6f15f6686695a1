import { ilike, type Column, type SQL } from 'drizzle-orm';

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
