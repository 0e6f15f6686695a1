// Apart from ./language.ts, which every page's first load carries: only Arabic pages and the server read this.

/**
 * The cookie that says the visitor's browser holds the Arabic typeface (src/web/i18n/typeface-warmup.ts
 * sets it once both files are fetched): the server then writes `data-typeface` on an Arabic page's
 * `<html>`, which is what draws it in that typeface.
 */
export const TYPEFACE_COOKIE = 'nour_typeface';
