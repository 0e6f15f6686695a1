import { LRUCache } from 'lru-cache';
import type { Broadcast } from '../broadcast';
import type { ShopEvents } from '../events';
import { isListingChange, type ListingChange } from './listing-index-keeper';

/**
 * How long an answer is served as it is (`freshMs`), and how long after that it is still served
 * while one caller's load replaces it in the background (`staleMs`): a popular listing then never
 * makes a burst of shoppers wait when it expires. Past both, nobody asked for a while, and the next
 * caller waits for a fresh answer.
 */
export interface Lifetime {
  freshMs: number;
  staleMs: number;
}

export const LIFETIMES = {
  /**
   * While this process hears every other's changes, an answer lives until a change clears it; the
   * lifetime only bounds what a write nobody announced (a hand-run SQL statement) leaves behind.
   */
  listening: { freshMs: 60_000, staleMs: 5_000 },
  /** While it may miss them (starting, or its listening connection lost): about a second. */
  deaf: { freshMs: 1_000, staleMs: 1_000 },
} satisfies Record<string, Lifetime>;

/** Filter combinations are unbounded (any search text), so the least used entries make room. */
export const MAX_ENTRIES = 1_000;

/**
 * `readIfAskedBefore` counts the asks of each key; every this many asks all counts are halved (and
 * keys asked once forgotten), so what was popular an hour ago gives way to what is popular now, and
 * the counts hold at most about twice this many keys.
 */
export const ASKS_PER_HALVING = 10_000;

/**
 * The broadcast topic: "the catalogue changed, forget what you hold", followed by a space and the
 * change as JSON (which products' rows changed) for the listing index. Alone, it means anything changed.
 */
const CATALOG_CHANGED = 'catalog';

function topicOf(change: ListingChange): string {
  return `${CATALOG_CHANGED} ${JSON.stringify(change)}`;
}

/** The change a topic names; null when it is not the catalogue's. */
function changeOf(topic: string): ListingChange | null {
  if (topic === CATALOG_CHANGED) return 'everything';
  if (!topic.startsWith(`${CATALOG_CHANGED} `)) return null;
  try {
    const change: unknown = JSON.parse(topic.slice(CATALOG_CHANGED.length + 1));
    return isListingChange(change) ? change : 'everything';
  } catch {
    return 'everything';
  }
}

/** Told of every change before the answers are cleared: the listing index (./listing-index-keeper.ts). */
export interface CatalogChangeFollower {
  changed(change: ListingChange): void;
  hearing(now: boolean): void;
}

/** lru-cache holds no `undefined`, and a missing product is an answer worth keeping too. */
interface Box {
  value: unknown;
}
type Load = () => Promise<unknown>;

export interface CatalogReadModelDeps {
  events: ShopEvents;
  /** Reaches the shop's other processes; each clears its answers when told. */
  broadcast: Broadcast;
  /** The app's logger: failures to tell the others, and losing or regaining their word. */
  log: { warn(details: object, message: string): void; info(message: string): void };
  /** What tells the time (tests pass one that fake timers move); by default `performance`. */
  clock?: { now(): number };
  follower?: CatalogChangeFollower;
}

/**
 * The one owner of the catalogue's cached reads: listing pages and their totals and maximum price,
 * products per category, the category keys, page anchors and product details. Counting 100,000 rows
 * on every request is what makes a listing slow, and the same first page is asked for again and
 * again. Writers never call it: it listens to the product, category and order events of this
 * process, clears everything on each, and passes the word to the other processes through the
 * broadcast, so a change shows at once here and within a moment everywhere. Made per app: tests run
 * several apps on different databases in one process.
 */
export async function createCatalogReadModel({
  events,
  broadcast,
  log,
  clock,
  follower,
}: CatalogReadModelDeps) {
  let listening = false;
  /** Only a regained connection is news; the first one at start is not. */
  let heardBefore = false;
  let lifetime: Lifetime = LIFETIMES.deaf;
  const cache = new LRUCache<string, Box, Load>({
    max: MAX_ENTRIES,
    ...(clock ? { perf: clock } : {}),
    allowStale: true,
    noDeleteOnStaleGet: true,
    // A failed renewal keeps the old answer (tried again on the next read); a failed first load is
    // dropped and its callers get the error: a failure is never served.
    noDeleteOnFetchRejection: true,
    // A load still running when everything is cleared answers its callers but is not filed.
    ignoreFetchAbort: true,
    fetchMethod: async (_key, _stale, { context }) => ({ value: await context() }),
  });

  const changedHere = (change: ListingChange) => {
    follower?.changed(change);
    cache.clear();
    broadcast
      .publish(topicOf(change))
      .catch((error: unknown) =>
        log.warn({ err: error }, 'could not tell the other processes of a catalogue change'),
      );
  };
  const stops = [
    events.on('productChanged', (event) => changedHere({ productIds: [event.productId] })),
    // A category's name or slug is no product's row; its answers are cleared all the same.
    events.on('categoryChanged', () => changedHere({ productIds: [] })),
    events.on('orderPlaced', (event) => changedHere({ productIds: event.productIds })),
    events.on('orderStatusChanged', (event) => {
      if (event.stockMoved) changedHere({ orderId: event.orderId });
    }),
  ];

  await broadcast.subscribe({
    onTopic: (topic) => {
      const change = changeOf(topic);
      if (change === null) return;
      follower?.changed(change);
      cache.clear();
    },
    onListening: (now) => {
      follower?.hearing(now);
      if (now === listening) return;
      if (!now) {
        log.warn(
          {},
          "not hearing other processes' catalogue changes: answers are kept about a second until it does",
        );
      } else if (heardBefore) log.info("hearing other processes' catalogue changes again");
      heardBefore ||= now;
      listening = now;
      lifetime = now ? LIFETIMES.listening : LIFETIMES.deaf;
      // Answers kept under the long lifetime must not outlive the connection; and what changed while
      // it was down was never heard.
      cache.clear();
    },
  });

  const asks = new Map<string, number>();
  let asksSinceHalving = 0;

  /** Counts one ask of `key` and answers how many it has had lately, this one included. */
  function countAsk(key: string): number {
    const count = (asks.get(key) ?? 0) + 1;
    asks.set(key, count);
    asksSinceHalving += 1;
    if (asksSinceHalving >= ASKS_PER_HALVING) {
      asksSinceHalving = 0;
      // A Map may have its own entries changed and deleted while it is walked.
      for (const [asked, times] of asks) {
        if (times < 2) asks.delete(asked);
        else asks.set(asked, times >> 1);
      }
    }
    return count;
  }

  /**
   * Whether a key asked `count` times earns a place: always while there is room; once the cache is
   * full, only over an entry asked less often (the least recently used, which keeping it pushes out;
   * one kept by `read` has no count). Else a steady stream of pages each asked twice would push one
   * another out before any is asked again, every one of them paid for and none of them used.
   */
  function earnsPlace(count: number): boolean {
    if (cache.size < MAX_ENTRIES) return true;
    const leastRecentlyUsed = cache.rkeys().next();
    if (leastRecentlyUsed.done) return true;
    return count > (asks.get(leastRecentlyUsed.value) ?? 0);
  }

  async function read<T>(key: string, load: () => Promise<T>): Promise<T> {
    // getRemainingTTL is negative once an entry is past its time (0 when there is none).
    const tooOld = cache.getRemainingTTL(key) < -lifetime.staleMs;
    const box = await cache.fetch(key, { context: load, ttl: lifetime.freshMs, allowStale: !tooOld });
    if (!box) throw new Error(`catalogue read ${key} answered nothing`);
    return box.value as T;
  }

  return {
    /**
     * The answer kept under `key`, or `load()`'s. Concurrent callers share one load, so a burst of
     * identical requests loads once; an answer just past its time is still served while one load
     * renews it.
     */
    read,

    /**
     * As `read`, but an answer is kept only once its key is asked a second time, and once the cache is
     * full only when asked more often than the entry it would push out (TinyLFU's admission, with
     * exact counts). Most searches are typed once, and a page of products kept for a minute outlives
     * the collector's young generation, to be collected later at a higher price; a page kept and
     * pushed out before it is asked again costs that and saves nothing (issue 18). A search asked
     * again, and every popular page, is kept; every ask counts, answered from the cache or not.
     */
    async readIfAskedBefore<T>(key: string, load: () => Promise<T>): Promise<T> {
      const count = countAsk(key);
      if (cache.peek(key, { allowStale: true }) !== undefined) return read(key, load);
      if (count >= 2 && earnsPlace(count)) return read(key, load);
      return load();
    },

    /** Whether every other process's changes are heard now (else answers live about a second). */
    isListening: () => listening,

    async close(): Promise<void> {
      for (const stop of stops) stop();
      await broadcast.close();
      cache.clear();
    },
  };
}

export type CatalogReadModel = Awaited<ReturnType<typeof createCatalogReadModel>>;
