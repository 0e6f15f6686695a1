import { describe, expect, it, vi } from 'vitest';
import { createBroadcast } from './broadcast';
import type { Database } from './db/client';

/** A database that records what the broadcast asks of it. */
function recordingDatabase(driver: Database['driver']) {
  const notify = vi.fn(async () => undefined);
  const listen = vi.fn(async (_channel: string, handlers: { onListening(now: boolean): void }) => {
    handlers.onListening(true);
    return async () => undefined;
  });
  return { database: { driver, notify, listen } as unknown as Database, notify, listen };
}

describe('the change broadcast', () => {
  it('on PGlite tells nobody, sends nothing through the database, and hears everything there is', async () => {
    const { database, notify, listen } = recordingDatabase('pglite');
    const broadcast = createBroadcast({ redisUrl: undefined, database, onError: () => undefined });
    const heard: boolean[] = [];
    await broadcast.subscribe({ onTopic: () => undefined, onListening: (now) => heard.push(now) });
    await broadcast.publish('catalog');
    expect(heard).toEqual([true]);
    expect(notify).not.toHaveBeenCalled();
    expect(listen).not.toHaveBeenCalled();
    await broadcast.close();
  });

  it("on PostgreSQL sends each change through the database's NOTIFY", async () => {
    const { database, notify, listen } = recordingDatabase('pg');
    const broadcast = createBroadcast({ redisUrl: undefined, database, onError: () => undefined });
    const heard: boolean[] = [];
    await broadcast.subscribe({ onTopic: () => undefined, onListening: (now) => heard.push(now) });
    await broadcast.publish('catalog');
    expect(heard).toEqual([true]);
    expect(listen).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledWith('nour_changes', expect.stringContaining('"topic":"catalog"'));
    await broadcast.close();
  });
});
