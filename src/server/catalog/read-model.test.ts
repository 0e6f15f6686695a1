import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Broadcast } from '../broadcast';
import { ShopEvents } from '../events';
import type { ListingChange } from './listing-index-keeper';
import {
  ASKS_PER_HALVING,
  createCatalogReadModel,
  LIFETIMES,
  MAX_ENTRIES,
  type CatalogReadModel,
} from './read-model';

/** A broadcast in memory: what this process published, and a way to play another process or a lost connection. */
function fakeBroadcast() {
  let handlers: Parameters<Broadcast['subscribe']>[0] | undefined;
  const published: string[] = [];
  const broadcast: Broadcast = {
    publish: async (topic) => {
      published.push(topic);
    },
    subscribe: async (given) => {
      handlers = given;
      given.onListening(true);
    },
    close: vi.fn(async () => undefined),
  };
  return {
    broadcast,
    published,
    fromElsewhere: (topic: string) => handlers?.onTopic(topic),
    listening: (now: boolean) => handlers?.onListening(now),
  };
}

const { freshMs, staleMs } = LIFETIMES.listening;

describe('catalogue read model', () => {
  let events: ShopEvents;
  let remote: ReturnType<typeof fakeBroadcast>;
  let model: CatalogReadModel;
  let logged: string[];
  let errors: unknown[];
  /** What the listing index heard, in order. */
  let followed: Array<ListingChange | `hearing ${boolean}`>;

  beforeEach(async () => {
    vi.useFakeTimers();
    events = new ShopEvents();
    remote = fakeBroadcast();
    errors = [];
    logged = [];
    followed = [];
    model = await createCatalogReadModel({
      follower: {
        changed: (change) => followed.push(change),
        hearing: (now) => followed.push(`hearing ${now}`),
      },
      events,
      broadcast: remote.broadcast,
      log: {
        warn: (details, message) => {
          logged.push(`warn: ${message}`);
          if ('err' in details) errors.push(details.err);
        },
        info: (message) => logged.push(`info: ${message}`),
      },
      clock: { now: () => Date.now() },
    });
  });
  afterEach(async () => {
    await model.close();
    vi.useRealTimers();
  });

  it('loads once while fresh, and again once its lifetime is over', async () => {
    const load = vi.fn(async () => 42);
    expect(await model.read('k', load)).toBe(42);
    expect(await model.read('k', load)).toBe(42);
    vi.advanceTimersByTime(freshMs - 1);
    await model.read('k', load);
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(freshMs + staleMs);
    await model.read('k', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shares one load between concurrent callers', async () => {
    const load = vi.fn(async () => 'x');
    expect(await Promise.all([model.read('k', load), model.read('k', load), model.read('k', load)])).toEqual([
      'x',
      'x',
      'x',
    ]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps keys apart, and keeps an undefined answer (a missing product) like any other', async () => {
    expect(await model.read('a', async () => 1)).toBe(1);
    expect(await model.read('b', async () => 2)).toBe(2);
    expect(await model.read('a', async () => 9)).toBe(1);
    const missing = vi.fn(async () => undefined);
    expect(await model.read('gone', missing)).toBeUndefined();
    expect(await model.read('gone', missing)).toBeUndefined();
    expect(missing).toHaveBeenCalledTimes(1);
  });

  it.each<[string, () => void, ListingChange]>([
    [
      'productChanged',
      () => events.emit('productChanged', { productId: 'p', change: 'updated' }),
      { productIds: ['p'] },
    ],
    [
      'productChanged (rated)',
      () => events.emit('productChanged', { productId: 'p', change: 'rated' }),
      { productIds: ['p'] },
    ],
    [
      'categoryChanged',
      () => events.emit('categoryChanged', { categoryId: 'c', change: 'deleted' }),
      { productIds: [] },
    ],
    [
      'orderPlaced',
      () => events.emit('orderPlaced', { orderId: 'o', userId: 'u', grandTotal: 1, productIds: ['p', 'q'] }),
      { productIds: ['p', 'q'] },
    ],
    [
      'orderStatusChanged that moved stock',
      () =>
        events.emit('orderStatusChanged', {
          orderId: 'o',
          userId: 'u',
          from: 'pending',
          to: 'cancelled',
          changedBy: 'u',
          stockMoved: true,
        }),
      { orderId: 'o' },
    ],
  ])(
    'forgets everything on %s, and tells the listing index and the other processes',
    async (_name, change, named) => {
      expect(await model.read('k', async () => 1)).toBe(1);
      change();
      expect(await model.read('k', async () => 2)).toBe(2);
      expect(remote.published).toEqual([`catalog ${JSON.stringify(named)}`]);
      expect(followed.filter((heard) => heard !== 'hearing true' && heard !== 'hearing false')).toEqual([
        named,
      ]);
    },
  );

  it('keeps an answer read if asked before only from its second ask on', async () => {
    const load = vi.fn(async () => 'page');
    expect(await model.readIfAskedBefore('once', load)).toBe('page');
    expect(await model.readIfAskedBefore('twice', load)).toBe('page');
    expect(load).toHaveBeenCalledTimes(2);
    // Asked again: loaded and kept, then answered from what is kept.
    expect(await model.readIfAskedBefore('twice', load)).toBe('page');
    expect(await model.readIfAskedBefore('twice', load)).toBe('page');
    expect(load).toHaveBeenCalledTimes(3);
    // What `read` keeps is answered at once.
    expect(await model.read('kept', async () => 'kept')).toBe('kept');
    expect(await model.readIfAskedBefore('kept', load)).toBe('kept');
    expect(load).toHaveBeenCalledTimes(3);
  });

  describe('once the cache is full', () => {
    /** Loads of each key, so a test can tell a kept answer (no load) from one loaded again. */
    let loads: Map<string, number>;
    const ask = (key: string) =>
      model.readIfAskedBefore(key, async () => {
        loads.set(key, (loads.get(key) ?? 0) + 1);
        return key;
      });
    /** Asks `key` once and answers whether it was loaded (false: answered from the cache). */
    const loadedOn = async (key: string) => {
      const before = loads.get(key) ?? 0;
      expect(await ask(key)).toBe(key);
      return (loads.get(key) ?? 0) > before;
    };

    beforeEach(async () => {
      loads = new Map();
      // Every page asked twice, so every one is kept (while there is room) with two asks.
      for (let page = 0; page < MAX_ENTRIES; page++) {
        await ask(`page ${page}`);
        await ask(`page ${page}`);
      }
      expect(await loadedOn('page 0')).toBe(false);
      expect(await loadedOn(`page ${MAX_ENTRIES - 1}`)).toBe(false);
    });

    it('keeps a page only when asked more often than the least recently used one', async () => {
      // page 0 was just used; page 1 is the least recently used, asked twice.
      expect(await loadedOn('new')).toBe(true);
      expect(await loadedOn('new')).toBe(true);
      // The third ask outnumbers page 1's two: kept in its place, and the fourth is answered.
      expect(await loadedOn('new')).toBe(true);
      expect(await loadedOn('new')).toBe(false);
      expect(await loadedOn('page 1')).toBe(true);
      expect(await loadedOn('page 3')).toBe(false);
    });

    it('counts an ask answered from the cache', async () => {
      // page 0 asked five times in all, then every other page used after it: it is the least recently used.
      for (let hit = 0; hit < 2; hit++) expect(await loadedOn('page 0')).toBe(false);
      for (let page = 1; page < MAX_ENTRIES; page++) await ask(`page ${page}`);
      for (let time = 1; time <= 5; time++) expect(await loadedOn('new')).toBe(true);
      // Six asks outnumber page 0's five.
      expect(await loadedOn('new')).toBe(true);
      expect(await loadedOn('new')).toBe(false);
      expect(await loadedOn('page 0')).toBe(true);
    });

    it('halves every count now and then, so a page popular earlier gives way', async () => {
      // The asks so far: two for each page, and two for 'page 0' and the last page in beforeEach.
      let asked = 2 * MAX_ENTRIES + 2;
      const firstTypedOnce = `typed once ${asked}`;
      while (asked < ASKS_PER_HALVING) {
        await ask(`typed once ${asked}`);
        asked += 1;
      }
      // Each kept page now counts one ask, and a page asked twice outnumbers it.
      expect(await loadedOn('new')).toBe(true);
      expect(await loadedOn('new')).toBe(true);
      expect(await loadedOn('new')).toBe(false);
      // What was asked once before the halving is forgotten: asked again, it counts one ask.
      expect(await loadedOn(firstTypedOnce)).toBe(true);
      expect(await loadedOn(firstTypedOnce)).toBe(true);
      expect(await loadedOn(firstTypedOnce)).toBe(false);
    });

    it('keeps a page asked twice again once a change has emptied the cache', async () => {
      expect(await loadedOn('new')).toBe(true);
      expect(await loadedOn('new')).toBe(true);
      events.emit('categoryChanged', { categoryId: 'c', change: 'updated' });
      expect(await loadedOn('new')).toBe(true);
      expect(await loadedOn('new')).toBe(false);
      expect(await loadedOn('page 1')).toBe(true);
    });
  });

  it('keeps its answers when an order status changes without moving stock', async () => {
    await model.read('k', async () => 1);
    events.emit('orderStatusChanged', {
      orderId: 'o',
      userId: 'u',
      from: 'pending',
      to: 'confirmed',
      changedBy: 'admin',
      stockMoved: false,
    });
    expect(await model.read('k', async () => 2)).toBe(1);
    expect(remote.published).toEqual([]);
  });

  it('forgets everything when another process says the catalogue changed, and tells nobody', async () => {
    await model.read('k', async () => 1);
    remote.fromElsewhere('something else');
    expect(await model.read('k', async () => 2)).toBe(1);
    remote.fromElsewhere('catalog');
    expect(await model.read('k', async () => 3)).toBe(3);
    remote.fromElsewhere('catalog {"orderId":"o"}');
    expect(await model.read('k', async () => 4)).toBe(4);
    remote.fromElsewhere('catalog {"neither":1}');
    expect(await model.read('k', async () => 5)).toBe(5);
    expect(remote.published).toEqual([]);
    // A change it cannot name (the bare topic, or a message it cannot read) is everything.
    expect(followed.filter((heard) => heard !== 'hearing true' && heard !== 'hearing false')).toEqual([
      'everything',
      { orderId: 'o' },
      'everything',
    ]);
  });

  it('answers a load that was running during a change to its callers, but does not keep it', async () => {
    let finish: (value: number) => void = () => undefined;
    const slow = model.read('k', () => new Promise<number>((resolve) => (finish = resolve)));
    events.emit('productChanged', { productId: 'p', change: 'updated' });
    finish(1);
    expect(await slow).toBe(1);
    expect(await model.read('k', async () => 2)).toBe(2);
  });

  it('never keeps a failed load, and gives its error to every caller that shared it', async () => {
    const failing = vi.fn(() => Promise.reject(new Error('db down')));
    const both = [model.read('k', failing), model.read('k', failing)];
    await expect(both[0]).rejects.toThrow('db down');
    await expect(both[1]).rejects.toThrow('db down');
    expect(failing).toHaveBeenCalledTimes(1);
    expect(await model.read('k', async () => 5)).toBe(5);
  });

  it('serves an answer just past its time while one load renews it in the background', async () => {
    let version = 0;
    const load = vi.fn(async () => ++version);
    expect(await model.read('k', load)).toBe(1);
    vi.advanceTimersByTime(freshMs + 1);
    const during = await Promise.all([model.read('k', load), model.read('k', load), model.read('k', load)]);
    expect(during).toEqual([1, 1, 1]);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(0);
    expect(await model.read('k', load)).toBe(2);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('makes the caller wait for a fresh answer once nobody asked for a while', async () => {
    let version = 0;
    const load = vi.fn(async () => ++version);
    await model.read('k', load);
    vi.advanceTimersByTime(freshMs + staleMs + 1);
    expect(await model.read('k', load)).toBe(2);
  });

  it('keeps the old answer when a background load fails, and tries again on the next read', async () => {
    await model.read('k', async () => 1);
    vi.advanceTimersByTime(freshMs + 1);
    const failing = vi.fn(() => Promise.reject(new Error('db down')));
    expect(await model.read('k', failing)).toBe(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(await model.read('k', async () => 2)).toBe(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(await model.read('k', async () => 3)).toBe(2);
    expect(failing).toHaveBeenCalledTimes(1);
  });

  it('never serves an answer from before a change, not even while renewing', async () => {
    await model.read('k', async () => 1);
    vi.advanceTimersByTime(freshMs + 1);
    events.emit('categoryChanged', { categoryId: 'c', change: 'updated' });
    expect(await model.read('k', async () => 2)).toBe(2);
  });

  it('keeps answers about a second while it cannot hear the other processes, and forgets them on losing and regaining them', async () => {
    await model.read('k', async () => 1);
    remote.listening(false);
    expect(model.isListening()).toBe(false);
    expect(await model.read('k', async () => 2)).toBe(2);
    vi.advanceTimersByTime(LIFETIMES.deaf.freshMs + LIFETIMES.deaf.staleMs + 1);
    expect(await model.read('k', async () => 3)).toBe(3);
    remote.listening(true);
    expect(model.isListening()).toBe(true);
    expect(await model.read('k', async () => 4)).toBe(4);
    vi.advanceTimersByTime(LIFETIMES.deaf.freshMs * 2);
    expect(await model.read('k', async () => 5)).toBe(4);
    expect(logged).toEqual([
      "warn: not hearing other processes' catalogue changes: answers are kept about a second until it does",
      "info: hearing other processes' catalogue changes again",
    ]);
  });

  it('reports a broadcast that fails without failing the write that was announced', async () => {
    remote.broadcast.publish = () => Promise.reject(new Error('redis away'));
    await model.read('k', async () => 1);
    events.emit('productChanged', { productId: 'p', change: 'created' });
    expect(await model.read('k', async () => 2)).toBe(2);
    await vi.advanceTimersByTimeAsync(0);
    expect(errors).toEqual([new Error('redis away')]);
  });

  it('stops listening and closes the broadcast when closed', async () => {
    await model.read('k', async () => 1);
    await model.close();
    expect(remote.broadcast.close).toHaveBeenCalled();
    events.emit('productChanged', { productId: 'p', change: 'created' });
    expect(remote.published).toEqual([]);
  });
});
