import { describe, expect, it, vi } from 'vitest';
import { createBroadcast } from './broadcast';
import type { Database } from './db/client';

/**
 * A broadcast over a database that records what it is asked, once subscribed and after one change
 * was published; `heard` is what the subscriber was told of its listening.
 */
async function publishedOnce(driver: Database['driver']) {
  const notify = vi.fn(async () => undefined);
  const listen = vi.fn(async (_channel: string, handlers: { onListening(now: boolean): void }) => {
    handlers.onListening(true);
    return async () => undefined;
  });
  const database = { driver, notify, listen } as unknown as Database;
  const broadcast = createBroadcast({ redisUrl: undefined, database, onError: () => undefined });
  const heard: boolean[] = [];
  await broadcast.subscribe({ onTopic: () => undefined, onListening: (now) => heard.push(now) });
  await broadcast.publish('catalog');
  await broadcast.close();
  return { notify, listen, heard };
}

describe('the change broadcast', () => {
  it('on PGlite tells nobody, sends nothing through the database, and hears everything there is', async () => {
    const { notify, listen, heard } = await publishedOnce('pglite');
    expect(heard).toEqual([true]);
    expect(notify).not.toHaveBeenCalled();
    expect(listen).not.toHaveBeenCalled();
  });

  it("on PostgreSQL sends each change through the database's NOTIFY", async () => {
    const { notify, listen, heard } = await publishedOnce('pg');
    expect(heard).toEqual([true]);
    expect(listen).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledWith('nour_changes', expect.stringContaining('"topic":"catalog"'));
  });
});
