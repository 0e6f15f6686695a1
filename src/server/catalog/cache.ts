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

/** How long an answer is served as it is. */
const FRESH_MS = 5_000;
/**
 * How long after that it is still served while one caller's load replaces it in the background: a
 * popular listing then never makes a burst of shoppers wait for its count when it expires. Past this
 * window nobody asked for a while, and the next caller waits for a fresh answer.
 */
const REFRESH_BEHIND_MS = 5_000;
/** Filter combinations are unbounded (any search text), so the oldest entries make room. */
const MAX_ENTRIES_PER_DATABASE = 1_000;

interface Entry {
  freshUntil: number;
  value: Promise<unknown>;
  /** Set once `value` has resolved: only a settled answer is worth serving stale. */
  settled: boolean;
  /** Set while a background load is replacing this entry, so one caller starts it, not fifty. */
  refreshing: boolean;
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

/** Starts `load()` and files it under `key` once it succeeds; a failed load is never served. */
function store<T>(entries: Map<string, Entry>, key: string, load: () => Promise<T>, now: number): Entry {
  const entry: Entry = { freshUntil: now + FRESH_MS, value: load(), settled: false, refreshing: false };
  entry.value.then(
    () => {
      entry.settled = true;
    },
    () => {
      if (entries.get(key) === entry) entries.delete(key);
    },
  );
  if (entries.size >= MAX_ENTRIES_PER_DATABASE && !entries.has(key)) {
    const oldest = entries.keys().next();
    if (!oldest.done) entries.delete(oldest.value);
  }
  return entry;
}

/**
 * The cached value for `key`, or `load()`'s result, remembered for a few seconds. Concurrent callers
 * share one load, so a burst of identical requests counts once; an answer just past its time is still
 * served while a single load renews it.
 */
export function cachedCatalogRead<T>(scope: object, key: string, load: () => Promise<T>): Promise<T> {
  let entries = scopes.get(scope);
  if (!entries) {
    entries = new Map();
    scopes.set(scope, entries);
  }
  const owner = entries;
  const now = Date.now();
  const hit = owner.get(key);
  if (hit && hit.freshUntil > now) return hit.value as Promise<T>;

  if (hit && hit.settled && hit.freshUntil + REFRESH_BEHIND_MS > now) {
    if (!hit.refreshing) {
      hit.refreshing = true;
      const renewed = store(owner, key, load, now);
      renewed.value.then(
        () => {
          // Filed only when it succeeded, and only if nothing newer took the key meanwhile.
          if (owner.get(key) === hit) owner.set(key, renewed);
        },
        () => {
          hit.refreshing = false;
        },
      );
    }
    return hit.value as Promise<T>;
  }

  const entry = store(owner, key, load, now);
  owner.delete(key);
  owner.set(key, entry);
  return entry.value as Promise<T>;
}
