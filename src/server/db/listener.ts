import pg from 'pg';

/** The `application_name` of the listening connection. */
export const LISTENER_APPLICATION_NAME = 'nour-listener';
/** Waits between attempts to listen again: quick at first, then every few seconds while PostgreSQL is away. */
const RECONNECT_DELAYS_MS = [100, 250, 500, 1_000, 2_000, 5_000];

export interface ListenHandlers {
  onPayload(payload: string): void;
  /** Called with false whenever notifications may be missed (not yet connected, connection lost), true once heard again. */
  onListening(listening: boolean): void;
}

/**
 * LISTEN on `channel` over a connection of its own, outside the pool: a listening session must stay
 * open, and a pooled one is lent to requests. When the connection dies (a restart, a fail-over,
 * `pg_terminate_backend`) it says so and connects again until stopped. Answers once the first
 * attempt is over, whether it succeeded or not, with the function that stops listening.
 */
export async function listenOnPostgres(
  connectionString: string,
  channel: string,
  handlers: ListenHandlers,
  connectTimeoutMs: number,
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | undefined;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;

  const lost = (client: pg.Client) => {
    // Heard once per connection, whichever of its failed connect, 'error' or 'end' comes first.
    if (current !== client) return;
    current = undefined;
    handlers.onListening(false);
    if (stopped) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)];
    failures += 1;
    retry = setTimeout(() => void connect(), delay);
  };

  async function connect(): Promise<void> {
    if (stopped) return;
    const client = new pg.Client({
      connectionString,
      // Named, so pg_stat_activity (and an operator) tells it from the pool's connections at any moment,
      // reconnecting included, not only once it has sent LISTEN.
      application_name: LISTENER_APPLICATION_NAME,
      connectionTimeoutMillis: connectTimeoutMs,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    current = client;
    // An 'error' event without a listener ends the process (issue 11).
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) handlers.onPayload(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch {
      lost(client);
      await client.end().catch(() => undefined);
      return;
    }
    if (stopped || current !== client) {
      await client.end().catch(() => undefined);
      return;
    }
    failures = 0;
    handlers.onListening(true);
  }

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = undefined;
    await client?.end().catch(() => undefined);
  };
}
