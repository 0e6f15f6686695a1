import { and, eq, like, ne, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import type { categories, products } from '../db/schema';
import { escapeLike } from '../catalog/queries';

/** Long enough for any real product name, short enough to stay readable in an address bar. */
const MAX_SLUG_LENGTH = 80;

/**
 * A URL-safe slug from a name: lowercase, words joined by dashes. Letters of any script are kept, so an
 * Arabic name gives an Arabic slug (browsers show it as typed), while accents and Arabic diacritics are
 * dropped: "Robe d'été" → "robe-d-ete", "فُستان صيفي" → "فستان-صيفي".
 */
export function slugify(name: string, fallback: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/, '');
  return slug || fallback;
}

type SluggedTable = typeof products | typeof categories;

/** `base`, or `base-N` for a whole N ≥ 2: the slugs `uniqueSlug` may have made from `base`. */
function isFromBase(slug: string, base: string): boolean {
  if (slug === base) return true;
  if (!slug.startsWith(`${base}-`)) return false;
  return /^[1-9]\d*$/.test(slug.slice(base.length + 1));
}

/**
 * The first free slug among `base`, `base-2`, `base-3`… in `table`. A row being renamed (`ownId`) keeps
 * its slug when that already comes from `base`, so saving a form unchanged never moves its address.
 * Two writers may still pick the same one at once: the unique index refuses the second, and the caller
 * retries (`withSlugRetry`).
 */
export async function uniqueSlug(
  db: DbOrTx,
  table: SluggedTable,
  base: string,
  ownId?: string,
): Promise<string> {
  const conditions: SQL[] = [];
  const matching = or(eq(table.slug, base), like(table.slug, `${escapeLike(base)}-%`));
  if (matching) conditions.push(matching);
  if (ownId) conditions.push(ne(table.id, ownId));
  const taken = new Set(
    (
      await db
        .select({ slug: table.slug })
        .from(table)
        .where(and(...conditions))
    )
      .map((row) => row.slug)
      .filter((slug) => isFromBase(slug, base)),
  );
  if (ownId) {
    const [own] = await db.select({ slug: table.slug }).from(table).where(eq(table.id, ownId));
    // "dress-2" stays "dress-2" while another row holds "dress"; it moves to "dress" once that is free.
    if (own && (own.slug === base || (isFromBase(own.slug, base) && taken.has(base)))) return own.slug;
  }
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** PostgreSQL's code for a unique index refusing a row. */
const UNIQUE_VIOLATION = '23505';
const SLUG_ATTEMPTS = 3;

function isSlugConflict(error: unknown): boolean {
  // node-postgres and PGlite both expose the SQLSTATE as `code`; drizzle may wrap it as `cause`.
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const { code, constraint, message } = current as { code?: string; constraint?: string; message?: string };
    if (code === UNIQUE_VIOLATION) {
      return (constraint ?? message ?? '').includes('slug');
    }
    if (typeof current !== 'object') break;
  }
  return false;
}

/**
 * Runs a write that picks a slug, again when a concurrent writer took the same slug first (the whole
 * transaction is repeated, since PostgreSQL aborts a transaction after a failed statement).
 */
export async function withSlugRetry<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= SLUG_ATTEMPTS || !isSlugConflict(error)) throw error;
    }
  }
}
