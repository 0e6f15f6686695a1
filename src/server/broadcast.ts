import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import type { Database } from './db/client';
import type { ListenHandlers } from './db/listener';

/**
 * Tells the other processes of this shop (several servers on one PostgreSQL) that something changed,
 * and hears what they tell. A process never hears its own messages: it has already acted on them.
 */
export interface Broadcast {
  publish(topic: string): Promise<void>;
  /**
   * Starts hearing; answers once the first attempt to connect is over. Several parts of the app may
   * subscribe (the catalogue, the settings): they share the one connection and each hears every topic.
   */
  subscribe(handlers: BroadcastHandlers): Promise<void>;
  /** Stops hearing for everyone; the app's owner calls it once at the end (a second call does nothing). */
  close(): Promise<void>;
}

interface BroadcastHandlers {
  onTopic(topic: string): void;
  onListening(listening: boolean): void;
}

/** How one process's message travels: raw text out, raw text in. */
interface Transport {
  send(payload: string): Promise<void>;
  listen(handlers: ListenHandlers): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const CHANNEL = 'nour_changes';

interface Message {
  origin: string;
  topic: string;
}

function isMessage(value: unknown): value is Message {
  const { origin, topic } = (value ?? {}) as Partial<Message>;
  return typeof origin === 'string' && typeof topic === 'string';
}

function broadcastOver(transport: Transport): Broadcast {
  const origin = randomUUID();
  const subscribers = new Set<BroadcastHandlers>();
  let listening = false;
  let started: Promise<() => Promise<void>> | undefined;
  let closed: Promise<void> | undefined;
  return {
    publish: (topic) => transport.send(JSON.stringify({ origin, topic } satisfies Message)),
    subscribe: async (handlers) => {
      subscribers.add(handlers);
      // The first subscriber opens the connection; the others join it and learn where it stands.
      const first = !started;
      started ??= transport.listen({
        onPayload: (payload) => {
          let message: unknown;
          try {
            message = JSON.parse(payload);
          } catch {
            return;
          }
          if (!isMessage(message) || message.origin === origin) return;
          for (const subscriber of subscribers) subscriber.onTopic(message.topic);
        },
        onListening: (now) => {
          listening = now;
          for (const subscriber of subscribers) subscriber.onListening(now);
        },
      });
      await started;
      if (!first) handlers.onListening(listening);
    },
    close: () =>
      (closed ??= (async () => {
        subscribers.clear();
        const unlisten = await started;
        await unlisten?.();
        await transport.close();
      })()),
  };
}

/** PostgreSQL's LISTEN/NOTIFY. */
function databaseTransport(database: Database): Transport {
  return {
    send: (payload) => database.notify(CHANNEL, payload),
    listen: (handlers) => database.listen(CHANNEL, handlers),
    close: async () => undefined,
  };
}

/**
 * PGlite's data directory is one process's (its lock), so there is nobody to tell: its NOTIFY would
 * only come back to the sender, after a round trip through the database's one queue per change.
 */
function aloneTransport(): Transport {
  return {
    send: async () => undefined,
    listen: async ({ onListening }) => {
      onListening(true);
      return async () => undefined;
    },
    close: async () => undefined,
  };
}

/** Redis pub/sub: one connection publishes, one subscribes (a subscribed connection can do nothing else). */
function redisTransport(url: string, onError: (error: Error) => void): Transport {
  const options = { connectTimeout: 1000, maxRetriesPerRequest: 1, lazyConnect: true } as const;
  // While Redis is away a message fails at once rather than queueing behind reconnects.
  const publisher = new Redis(url, { ...options, enableOfflineQueue: false });
  const subscriber = new Redis(url, { ...options, autoResubscribe: false });
  publisher.on('error', onError);
  subscriber.on('error', onError);
  return {
    send: async (payload) => {
      if (publisher.status === 'wait') await publisher.connect();
      await publisher.publish(CHANNEL, payload);
    },
    listen: async ({ onPayload, onListening }) => {
      subscriber.on('message', (channel: string, payload: string) => {
        if (channel === CHANNEL) onPayload(payload);
      });
      // Subscribed again by hand on every (re)connection, and heard as listening only once Redis says so.
      subscriber.on('ready', () => {
        subscriber.subscribe(CHANNEL).then(
          () => onListening(true),
          (error: Error) => onError(error),
        );
      });
      subscriber.on('close', () => onListening(false));
      await subscriber.connect().catch(() => undefined);
      return async () => undefined;
    },
    close: async () => {
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}

/**
 * Redis pub/sub when REDIS_URL is set, else PostgreSQL's own LISTEN/NOTIFY; on PGlite, which is one
 * process's, nothing travels.
 */
export function createBroadcast(options: {
  redisUrl: string | undefined;
  database: Database;
  onError: (error: Error) => void;
}): Broadcast {
  if (options.redisUrl) return broadcastOver(redisTransport(options.redisUrl, options.onError));
  return broadcastOver(
    options.database.driver === 'pglite' ? aloneTransport() : databaseTransport(options.database),
  );
}
