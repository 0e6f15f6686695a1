import { setImmediate as nextTurn } from 'node:timers/promises';
import type { DbOrTx } from '../db/client';
import { ListingIndex, type ListedProduct } from './listing-index';
import { findListedProducts, findListedProductsById, findOrderProductIds } from './queries';

/**
 * What changed in the catalogue, as the read model hears it here or from another process: these
 * products' rows, those of an order's lines (its stock moved), or anything (a change too large to
 * name, or one not heard).
 */
export type ListingChange = NamedChange | 'everything';
type NamedChange = { productIds: string[] } | { orderId: string };

export function isListingChange(value: unknown): value is ListingChange {
  if (value === 'everything') return true;
  const change = (value ?? {}) as { productIds?: unknown; orderId?: unknown };
  return (
    (Array.isArray(change.productIds) && change.productIds.every((id) => typeof id === 'string')) ||
    typeof change.orderId === 'string'
  );
}

/** Rows read per query when the whole catalogue is read: requests are answered between batches. */
const LOAD_BATCH = 5_000;

/**
 * How often the whole catalogue is read again while every change is heard: what a write nobody
 * announced (a hand-run SQL statement) leaves behind lasts at most this long, and slots of replaced
 * products are given back. Reading 100,000 products costs about a second of one core.
 */
export const RELOAD_EVERY_MS = 5 * 60_000;

export interface ListingIndexKeeperDeps {
  db: DbOrTx;
  log: { warn(details: object, message: string): void };
  /** Tests pass a short one; by default RELOAD_EVERY_MS. */
  reloadEveryMs?: number;
}

/**
 * Keeps this process's listing index (./listing-index.ts) as the database is: built in the
 * background when the listing is first asked, then each change the read model hears is read again by id, one after
 * another. The index is trusted only while every change is heard: built, and the read model
 * listening to the other processes. Otherwise (starting, or deaf, or rebuilding after a failure)
 * `usable()` answers null and the listing asks SQL, as it did before the index.
 */
export function createListingIndexKeeper({
  db,
  log,
  reloadEveryMs = RELOAD_EVERY_MS,
}: ListingIndexKeeperDeps) {
  let index: ListingIndex | null = null;
  let trusted = false;
  let hearing = false;
  let closed = false;
  /** The changes applied one after another: a later read of a row always lands after an earlier one. */
  let following: Promise<void> = Promise.resolve();
  /** Changes heard and not yet read: the next turn of `following` reads them together. */
  let waiting: NamedChange[] = [];
  let reloading: Promise<void> | null = null;
  /** A reload asked while one runs: that one may have read the rows before the change. */
  let reloadAgain = false;
  /** The changes heard while a reload reads: applied again to the new index once it replaces the old. */
  let heardWhileReloading: NamedChange[] = [];
  let timer: NodeJS.Timeout | undefined;

  async function productIdsOf(change: NamedChange): Promise<string[]> {
    return 'orderId' in change ? findOrderProductIds(db, change.orderId) : change.productIds;
  }

  /**
   * The products of every change in one read: a busy shop's orders, heard while one read runs, share
   * the next.
   */
  async function apply(target: ListingIndex, changes: NamedChange[]): Promise<void> {
    const ids = [...new Set((await Promise.all(changes.map(productIdsOf))).flat())];
    if (ids.length === 0) return;
    const rows = await findListedProductsById(db, ids);
    const found = new Set(rows.map((row) => row.id));
    for (const id of ids) if (!found.has(id)) target.remove(id);
    for (const row of rows) target.put(row);
  }

  async function* everyProduct(): AsyncGenerator<ListedProduct[]> {
    for (let after: string | null = null; !closed;) {
      const batch = await findListedProducts(db, after, LOAD_BATCH);
      yield batch;
      if (batch.length < LOAD_BATCH) return;
      after = batch.at(-1)!.id;
    }
  }

  function reload(distrust: boolean): void {
    if (closed) return;
    if (distrust) trusted = false;
    if (reloading) {
      reloadAgain ||= distrust;
      return;
    }
    heardWhileReloading = [];
    reloading = (async () => {
      try {
        const built = await ListingIndex.of(everyProduct(), () => nextTurn());
        if (closed) return;
        index = built;
        const missed = heardWhileReloading;
        heardWhileReloading = [];
        for (const change of missed) follow(change);
        // Trusted once the changes heard meanwhile are in (`usable` waits for them).
        trusted = hearing;
      } catch (error) {
        if (!closed) log.warn({ err: error }, 'could not read the catalogue for the listing index');
        trusted = false;
      } finally {
        reloading = null;
        if (reloadAgain && !closed) {
          reloadAgain = false;
          reload(true);
        }
      }
    })();
  }

  function follow(change: NamedChange): void {
    if (reloading) heardWhileReloading.push(change);
    waiting.push(change);
    // A turn is queued already, and takes this change with the others when it comes.
    if (waiting.length > 1) return;
    following = following
      .then(async () => {
        const changes = waiting;
        waiting = [];
        if (index && !closed) await apply(index, changes);
      })
      .catch((error: unknown) => {
        if (closed) return;
        log.warn(
          { err: error },
          'could not follow a catalogue change in the listing index: reading it all again',
        );
        reload(true);
      });
  }

  /** Builds the index unless it is built or being built (or cannot be trusted yet: not hearing). */
  function build(): void {
    if (index || reloading || !hearing || closed) return;
    reload(true);
    timer ??= setInterval(() => reload(false), reloadEveryMs).unref();
  }

  return {
    build,

    /** A change heard (here, after its transaction committed, or from another process). */
    changed(change: ListingChange): void {
      if (closed) return;
      if (change === 'everything') reload(true);
      else follow(change);
    },

    /**
     * Whether every other process's changes are heard. Regained, the index is read again, since what
     * changed meanwhile was not heard; the first time, it is built.
     */
    hearing(now: boolean): void {
      if (closed || now === hearing) return;
      hearing = now;
      if (!now) trusted = false;
      else if (index || reloading) reload(true);
    },

    /** Whether the listing is answered from the index now (built, and every change heard). */
    isTrusted: (): boolean => trusted && index !== null,

    /**
     * The index once every change heard so far is in it, or null when it cannot be trusted now. The
     * first call starts building it (a process that never lists holds none), and is answered by SQL.
     */
    async usable(): Promise<ListingIndex | null> {
      build();
      if (!trusted) return null;
      await following;
      return trusted ? index : null;
    },

    async close(): Promise<void> {
      closed = true;
      clearInterval(timer);
      await Promise.all([reloading, following]);
      index = null;
    },
  };
}

export type ListingIndexKeeper = ReturnType<typeof createListingIndexKeeper>;
