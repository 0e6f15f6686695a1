import { and, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import type { categories, products } from '../db/schema';

// Slugs are the catalogue's addresses: the admin's writes, the seeds and the test fixtures all make them
// here, so a product gets the same address however it came in. Server-only, since `uniqueSlug` needs the
// database and no screen makes a slug.

/** Long enough for any real product name, short enough to stay readable in an address bar. */
const MAX_SLUG_LENGTH = 80;

/** The slugs of names without any letter or digit (such a product or category still needs an address). */
export const FALLBACK_PRODUCT_SLUG = 'product';
export const FALLBACK_CATEGORY_SLUG = 'category';

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

/** How many of `base`, `base-2`, `base-3`… one query asks about; a name used more often costs another query. */
const CANDIDATES_PER_QUERY = 20;

/** The `n`-th slug `uniqueSlug` may make from `base`: `base` itself first, then `base-2`, `base-3`… */
function candidate(base: string, n: number): string {
  return n === 1 ? base : `${base}-${n}`;
}

/**
 * Which of `slugs` the rows of `table` (other than `exceptId`) hold. It asks for exact slugs rather than
 * `LIKE 'base-%'`: under a non-C collation (most PostgreSQL servers') a LIKE prefix cannot use the slug's
 * unique index, and every save would read the whole table.
 */
export function takenSlugsQuery(db: DbOrTx, table: SluggedTable, slugs: string[], exceptId?: string) {
  const listed = inArray(table.slug, slugs);
  return db
    .select({ slug: table.slug })
    .from(table)
    .where(exceptId ? and(listed, ne(table.id, exceptId)) : listed);
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
  const [own] = ownId ? await db.select({ slug: table.slug }).from(table).where(eq(table.id, ownId)) : [];
  for (let first = 1; ; first += CANDIDATES_PER_QUERY) {
    const batch = Array.from({ length: CANDIDATES_PER_QUERY }, (_, i) => candidate(base, first + i));
    const taken = new Set((await takenSlugsQuery(db, table, batch, ownId)).map((row) => row.slug));
    // "dress-2" stays "dress-2" while another row holds "dress"; it moves to "dress" once that is free.
    if (first === 1 && own && (own.slug === base || (isFromBase(own.slug, base) && taken.has(base)))) {
      return own.slug;
    }
    const free = batch.find((slug) => !taken.has(slug));
    if (free) return free;
  }
}

/** PostgreSQL's code for a unique index refusing a row. */
const UNIQUE_VIOLATION = '23505';
// Each conflict means another writer's save went through, and a save can meet one on its slug and again
// on an automatic SKU: three attempts let the third of three products saved at once fail.
const SLUG_ATTEMPTS = 8;

function isSlugConflict(error: unknown): boolean {
  // node-postgres and PGlite both expose the SQLSTATE as `code`; drizzle may wrap it as `cause`.
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const { code, constraint, message } = current as { code?: string; constraint?: string; message?: string };
    if (code === UNIQUE_VIOLATION) {
      // A variant's automatic SKU is picked the same way as a slug (admin/products-service.ts).
      const name = constraint ?? message ?? '';
      return name.includes('slug') || name.includes('product_variants_sku_unique');
    }
    if (typeof current !== 'object') break;
  }
  return false;
}

/**
 * Runs a write that picks a slug (or an automatic SKU), again when a concurrent writer took the same one first (the whole
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
