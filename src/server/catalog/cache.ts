/**
 * A small in-process cache for the catalogue's reads: the costly aggregates (listing totals, the price
 * slider's maximum, products per category) and the listing pages themselves. Counting 100,000 rows on
 * every request is what makes a listing slow, and the same first page is asked for again and again,
 * while an answer that is a few seconds old harms nobody.
 *
 * It is safe to lose (DESIGN §5): entries live a few seconds, so another process's writes show up
 * soon without any notice, and every write in this process calls `invalidateCatalogCache()` so its own
 * writes show up at once.
 */

const TTL_MS = 5_000;
/** Filter combinations are unbounded (any search text), so the oldest entries make room. */
const MAX_ENTRIES_PER_DATABASE = 1_000;

interface Entry {
  expires: number;
  value: Promise<unknown>;
}

/**
 * One map per database handle: tests run several apps on different databases in one process, and
 * their totals must never mix.
 */
let scopes = new WeakMap<object, Map<string, Entry>>();

/** Forgets every cached total. Call it after any write that changes products or categories. */
export function invalidateCatalogCache(): void {
  // A load still running writes into the map dropped here, so it cannot bring back a stale total.
  scopes = new WeakMap();
}

/**
 * The cached value for `key`, or `load()`'s result, remembered for a few seconds. Concurrent callers
 * share one load, so a burst of identical requests counts once.
 */
export function cachedCatalogRead<T>(scope: object, key: string, load: () => Promise<T>): Promise<T> {
  let entries = scopes.get(scope);
  if (!entries) {
    entries = new Map();
    scopes.set(scope, entries);
  }
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && hit.expires > now) return hit.value as Promise<T>;

  if (hit) entries.delete(key);
  if (entries.size >= MAX_ENTRIES_PER_DATABASE) {
    const oldest = entries.keys().next();
    if (!oldest.done) entries.delete(oldest.value);
  }
  const value = load();
  const owner = entries;
  owner.set(key, { expires: now + TTL_MS, value });
  // A failed load must not be served to the next caller.
  value.catch(() => {
    if (owner.get(key)?.value === value) owner.delete(key);
  });
  return value;
}
