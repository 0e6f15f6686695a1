import { Redis } from 'ioredis';

/**
 * Small facts every process of the shop must agree on for a while: a backup link already used, an
 * account's failed sign-ins. In Redis when REDIS_URL is set (as the rate limits' counts are, so
 * several processes behind a load balancer share them); else in this process's memory, which is the
 * whole shop on PGlite and on one process. While Redis cannot be reached, memory stands in.
 */
export interface SharedState {
  /** Sets `key` for `ttlMs` unless it is set: true for the one caller that set it. */
  claim(key: string, ttlMs: number): Promise<boolean>;
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}

/** Enough for every account that failed a sign-in in a window, and every backup link of a minute. */
const MEMORY_LIMIT = 50_000;

/** Keys expire by `now` (a test's clock), the oldest going first once the limit is reached. */
export function memoryState(now: () => number = Date.now): SharedState {
  const entries = new Map<string, { value: string; expiresAt: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now()) entries.delete(key);
    return entries.get(key);
  };
  const put = (key: string, value: string, ttlMs: number) => {
    entries.delete(key);
    if (entries.size >= MEMORY_LIMIT) {
      for (const [old, entry] of entries) if (entry.expiresAt <= now()) entries.delete(old);
      if (entries.size >= MEMORY_LIMIT) entries.delete(entries.keys().next().value!);
    }
    entries.set(key, { value, expiresAt: now() + ttlMs });
  };
  return {
    claim: async (key, ttlMs) => {
      if (live(key)) return false;
      put(key, '1', ttlMs);
      return true;
    },
    get: async (key) => live(key)?.value ?? null,
    set: async (key, value, ttlMs) => put(key, value, ttlMs),
    delete: async (key) => {
      entries.delete(key);
    },
    close: async () => entries.clear(),
  };
}

function redisState(url: string, fallback: SharedState, onError: (error: Error) => void): SharedState {
  const redis = new Redis(url, {
    connectTimeout: 1000,
    maxRetriesPerRequest: 1,
    // While Redis is away, fail at once (and use memory) instead of queueing behind reconnects.
    enableOfflineQueue: false,
    lazyConnect: true,
    keyPrefix: 'nour-state-',
  });
  redis.on('error', onError);
  const ready = async () => {
    if (redis.status === 'wait') await redis.connect().catch(() => undefined);
  };
  const orMemory = async <T>(work: () => Promise<T>, otherwise: () => Promise<T>): Promise<T> => {
    await ready();
    try {
      return await work();
    } catch (error) {
      onError(error as Error);
      return otherwise();
    }
  };
  const wholeMs = (ttlMs: number) => Math.max(1, Math.ceil(ttlMs));
  return {
    claim: (key, ttlMs) =>
      orMemory(
        async () => (await redis.set(key, '1', 'PX', wholeMs(ttlMs), 'NX')) === 'OK',
        () => fallback.claim(key, ttlMs),
      ),
    get: (key) =>
      orMemory(
        () => redis.get(key),
        () => fallback.get(key),
      ),
    set: (key, value, ttlMs) =>
      orMemory(
        async () => {
          await redis.set(key, value, 'PX', wholeMs(ttlMs));
        },
        () => fallback.set(key, value, ttlMs),
      ),
    delete: (key) =>
      orMemory(
        async () => {
          await redis.del(key);
        },
        () => fallback.delete(key),
      ),
    close: async () => {
      if (redis.status === 'wait') redis.disconnect();
      else await redis.quit().catch(() => redis.disconnect());
      await fallback.close();
    },
  };
}

export function createSharedState(options: {
  redisUrl?: string | undefined;
  now?: () => number;
  onError: (error: Error) => void;
}): SharedState {
  const memory = memoryState(options.now);
  return options.redisUrl ? redisState(options.redisUrl, memory, options.onError) : memory;
}
