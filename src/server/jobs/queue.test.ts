import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CourierError } from '../couriers/types';
import type { Database } from '../db/client';
import { jobs } from '../db/schema';
import { eventually } from '../test/eventually';
import { freshDatabase } from '../test/app';
import {
  createJobRunner,
  enqueueJob,
  exponentialBackoff,
  type ClaimedJob,
  type JobHandler,
  type JobOutcome,
  type JobRunnerOptions,
} from './queue';

const quiet = { warn: () => undefined, error: () => undefined };
const LEASE_MS = 60_000;
const backoff = exponentialBackoff({ baseMs: 1_000, maxMs: 4_000 });

let database: Database;
/** The runners' clock: tests move it instead of sleeping. */
let now: number;

beforeAll(async () => {
  database = await freshDatabase();
});

afterAll(async () => {
  await database.close();
});

beforeEach(async () => {
  await database.db.delete(jobs);
  now = Date.parse('2026-12-04T10:00:00.000Z');
});

function runner(handlers: Record<string, JobHandler>, options: Partial<JobRunnerOptions> = {}) {
  return createJobRunner({
    db: database.db,
    handlers,
    log: quiet,
    leaseMs: LEASE_MS,
    maxAttempts: 5,
    backoff,
    clock: () => now,
    ...options,
  });
}

/** Queues a job due at the runners' time now. */
async function queue(key: string, payload: Record<string, unknown> = { key }, kind = 'test.call') {
  return enqueueJob(database.db, { kind, key, payload, runAt: new Date(now) });
}

async function rowOf(key: string) {
  const [row] = await database.db.select().from(jobs).where(eq(jobs.key, key));
  return row!;
}

/** A promise and the function that resolves it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('queueing a job', () => {
  it('queues one job for a kind and key, however many times it is asked', async () => {
    await expect(queue('order-1', { first: true })).resolves.toBe(true);
    await expect(
      database.db.transaction((tx) =>
        enqueueJob(tx, { kind: 'test.call', key: 'order-1', payload: { first: false } }),
      ),
    ).resolves.toBe(false);
    await expect(queue('order-1', { first: true }, 'other.call')).resolves.toBe(true);

    const rows = await database.db.select().from(jobs).where(eq(jobs.key, 'order-1'));
    expect(rows.map((row) => [row.kind, row.payload])).toEqual(
      expect.arrayContaining([
        ['test.call', { first: true }],
        ['other.call', { first: true }],
      ]),
    );
    expect(rows).toHaveLength(2);
  });

  it('is not queued when the transaction that queued it rolls back', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueJob(tx, { kind: 'test.call', key: 'order-2', payload: {} });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');

    await expect(database.db.select().from(jobs)).resolves.toEqual([]);
  });
});

describe('running due jobs', () => {
  it('runs a due job once with its payload and marks it done', async () => {
    const ran: ClaimedJob[] = [];
    const outcomes: JobOutcome[] = [];
    const jobRunner = runner(
      { 'test.call': async (job) => void ran.push(job) },
      { onOutcome: (o) => void outcomes.push(o) },
    );
    await queue('order-1', { orderId: 'order-1', cash: 120 });

    await expect(jobRunner.runDue()).resolves.toBe(1);
    await expect(jobRunner.runDue()).resolves.toBe(0);

    expect(ran).toHaveLength(1);
    expect(ran[0]).toMatchObject({
      kind: 'test.call',
      key: 'order-1',
      payload: { orderId: 'order-1', cash: 120 },
      attempts: 1,
    });
    expect(outcomes).toEqual([{ job: ran[0], outcome: 'done' }]);
    expect(await rowOf('order-1')).toMatchObject({
      attempts: 1,
      doneAt: new Date(now),
      failedAt: null,
      leaseUntil: null,
      lastError: null,
    });
  });

  it('does not run a job before its time', async () => {
    const ran: string[] = [];
    const jobRunner = runner({ 'test.call': async (job) => void ran.push(job.key) });
    await enqueueJob(database.db, {
      kind: 'test.call',
      key: 'later',
      payload: {},
      runAt: new Date(now + 5_000),
    });

    await expect(jobRunner.runDue()).resolves.toBe(0);
    now += 5_000;
    await expect(jobRunner.runDue()).resolves.toBe(1);
    expect(ran).toEqual(['later']);
  });

  it('leaves jobs of kinds it has no handler for to the runners that have one', async () => {
    await queue('order-1', {}, 'someone-else.call');
    const jobRunner = runner({ 'test.call': async () => undefined });

    await expect(jobRunner.runDue()).resolves.toBe(0);
    expect(await rowOf('order-1')).toMatchObject({ attempts: 0, leaseUntil: null });
  });

  it('retries a job whose failure may pass, after a backoff that doubles up to its cap', async () => {
    let calls = 0;
    const outcomes: JobOutcome[] = [];
    const jobRunner = runner(
      {
        'test.call': async () => {
          calls += 1;
          throw new CourierError('Bosta did not answer within 15000 ms', { retryable: true });
        },
      },
      { maxAttempts: 10, onOutcome: (o) => void outcomes.push(o) },
    );
    await queue('order-1');

    await jobRunner.runDue();
    const first = await rowOf('order-1');
    expect(first).toMatchObject({
      attempts: 1,
      doneAt: null,
      failedAt: null,
      leaseUntil: null,
      lastError: 'Bosta did not answer within 15000 ms',
      nextAttemptAt: new Date(now + 1_000),
    });
    expect(outcomes[0]).toMatchObject({ outcome: 'retry', retryAt: new Date(now + 1_000) });

    // Not due before its backoff has passed.
    now += 999;
    await expect(jobRunner.runDue()).resolves.toBe(0);
    now += 1;
    await expect(jobRunner.runDue()).resolves.toBe(1);
    expect((await rowOf('order-1')).nextAttemptAt).toEqual(new Date(now + 2_000));

    now += 2_000;
    await jobRunner.runDue();
    expect((await rowOf('order-1')).nextAttemptAt).toEqual(new Date(now + 4_000));
    now += 4_000;
    await jobRunner.runDue();
    // Capped.
    expect((await rowOf('order-1')).nextAttemptAt).toEqual(new Date(now + 4_000));
    expect(calls).toBe(4);
  });

  it('retries a job whose error says nothing of retrying (a bug, the database away)', async () => {
    const jobRunner = runner({
      'test.call': async () => {
        throw new Error('connection reset');
      },
    });
    await queue('order-1');

    await jobRunner.runDue();

    expect(await rowOf('order-1')).toMatchObject({ failedAt: null, lastError: 'connection reset' });
  });

  it("gives a job up at once, with the courier's reason, when no retry can change its failure", async () => {
    let calls = 0;
    const outcomes: JobOutcome[] = [];
    const jobRunner = runner(
      {
        'test.call': async () => {
          calls += 1;
          throw new CourierError('"dropOffAddress.city" is not a city Bosta delivers to', {
            retryable: false,
            status: 400,
          });
        },
      },
      { onOutcome: (o) => void outcomes.push(o) },
    );
    await queue('order-1');

    await jobRunner.runDue();
    now += 24 * 60 * 60_000;
    await expect(jobRunner.runDue()).resolves.toBe(0);

    expect(calls).toBe(1);
    expect(await rowOf('order-1')).toMatchObject({
      attempts: 1,
      doneAt: null,
      failedAt: new Date(now - 24 * 60 * 60_000),
      leaseUntil: null,
      lastError: '"dropOffAddress.city" is not a city Bosta delivers to',
    });
    expect(outcomes).toEqual([
      expect.objectContaining({
        outcome: 'failed',
        error: '"dropOffAddress.city" is not a city Bosta delivers to',
      }),
    ]);
  });

  it('gives a job up after its last attempt', async () => {
    let calls = 0;
    const jobRunner = runner(
      {
        'test.call': async () => {
          calls += 1;
          throw new CourierError('Internal server error', { retryable: true, status: 500 });
        },
      },
      { maxAttempts: 3 },
    );
    await queue('order-1');

    for (let round = 0; round < 5; round += 1) {
      await jobRunner.runDue();
      now += 10_000;
    }

    expect(calls).toBe(3);
    expect(await rowOf('order-1')).toMatchObject({
      attempts: 3,
      failedAt: expect.any(Date),
      lastError: 'Internal server error',
    });
  });

  it('keeps the mark when the outcome hook fails, and logs it', async () => {
    const errors: unknown[] = [];
    const jobRunner = runner(
      { 'test.call': async () => undefined },
      {
        log: { warn: () => undefined, error: (entry: unknown) => void errors.push(entry) },
        onOutcome: () => {
          throw new Error('the shipment could not be written');
        },
      },
    );
    await queue('order-1');

    await expect(jobRunner.runDue()).resolves.toBe(1);

    expect((await rowOf('order-1')).doneAt).toEqual(new Date(now));
    expect(errors).toHaveLength(1);
  });
});

describe('leases', () => {
  it('runs again a job whose runner died mid-call, once its lease has run out', async () => {
    const stuck = gate();
    let calls = 0;
    const crashed = runner({
      'test.call': async () => {
        calls += 1;
        // This process "dies" here: it never marks the job (until the end of the test).
        await stuck.opened;
      },
    });
    const restarted = runner({ 'test.call': async () => void (calls += 1) });
    await queue('order-1');

    const crashedRun = crashed.runDue();
    await eventually('the first runner to hold the job', () => calls === 1);

    // The lease holds it from every other runner.
    await expect(restarted.runDue()).resolves.toBe(0);
    now += LEASE_MS - 1;
    await expect(restarted.runDue()).resolves.toBe(0);
    now += 2;
    await expect(restarted.runDue()).resolves.toBe(1);

    expect(calls).toBe(2);
    expect(await rowOf('order-1')).toMatchObject({ attempts: 2, doneAt: new Date(now) });

    // The first runner coming back late changes nothing.
    const doneAt = new Date(now);
    now += 1_000;
    stuck.open();
    await expect(crashedRun).resolves.toBe(1);
    expect(await rowOf('order-1')).toMatchObject({ attempts: 2, doneAt });
  });

  it('does not let a runner whose lease ran out overwrite the new try of the job', async () => {
    const stuck = gate();
    let calls = 0;
    const slow = runner({
      'test.call': async () => {
        calls += 1;
        await stuck.opened;
        throw new CourierError('Bosta did not answer within 15000 ms', { retryable: true });
      },
    });
    const quick = runner({ 'test.call': async () => void (calls += 1) });
    await queue('order-1');

    const slowRun = slow.runDue();
    await eventually('the slow runner to hold the job', () => calls === 1);
    now += LEASE_MS + 1;
    await quick.runDue();
    stuck.open();
    await slowRun;

    expect(await rowOf('order-1')).toMatchObject({ attempts: 2, doneAt: expect.any(Date), lastError: null });
  });

  it('never gives one job to two runners at once', async () => {
    const inFlight = new Set<string>();
    const runs = new Map<string, number>();
    let overlapped = 0;
    let doubled = false;
    const bothBusy = gate();
    const handler: JobHandler = async (job) => {
      if (inFlight.has(job.key)) doubled = true;
      inFlight.add(job.key);
      runs.set(job.key, (runs.get(job.key) ?? 0) + 1);
      overlapped = Math.max(overlapped, inFlight.size);
      if (inFlight.size >= 2) bothBusy.open();
      // The first jobs wait until both runners hold one, so the runners work at the same time.
      await bothBusy.opened;
      inFlight.delete(job.key);
    };
    const first = runner({ 'test.call': handler }, { batchSize: 2 });
    const second = runner({ 'test.call': handler }, { batchSize: 2 });
    const keys = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    for (const key of keys) await queue(key);

    for (;;) {
      const [byFirst, bySecond] = await Promise.all([first.runDue(), second.runDue()]);
      if (byFirst + bySecond === 0) break;
    }

    expect(doubled).toBe(false);
    expect(overlapped).toBe(2);
    expect(Object.fromEntries(runs)).toEqual(Object.fromEntries(keys.map((key) => [key, 1])));
    const rows = await database.db.select().from(jobs);
    expect(rows.every((row) => row.doneAt !== null && row.attempts === 1)).toBe(true);
  });
});

describe('polling', () => {
  it('runs what is queued once woken, and stops only after the job in hand', async () => {
    const handling = gate();
    const release = gate();
    const ran: string[] = [];
    const jobRunner = runner(
      {
        'test.call': async (job) => {
          handling.open();
          await release.opened;
          ran.push(job.key);
        },
      },
      { clock: Date.now, pollMs: 60_000 },
    );
    jobRunner.start();
    await enqueueJob(database.db, { kind: 'test.call', key: 'order-1', payload: {} });
    jobRunner.wake();
    await handling.opened;

    let stopped = false;
    const stopping = jobRunner.stop().then(() => (stopped = true));
    // The stop waits for the job in hand.
    await Promise.resolve();
    expect(stopped).toBe(false);
    release.open();
    await stopping;

    expect(ran).toEqual(['order-1']);
    expect((await rowOf('order-1')).doneAt).not.toBeNull();
  });

  it('looks again by itself every pollMs', async () => {
    const ran: string[] = [];
    const jobRunner = runner(
      { 'test.call': async (job) => void ran.push(job.key) },
      { clock: Date.now, pollMs: 20 },
    );
    jobRunner.start();
    try {
      await enqueueJob(database.db, { kind: 'test.call', key: 'order-1', payload: {} });
      await eventually('the polled job to run', () => ran.length === 1);
    } finally {
      await jobRunner.stop();
    }
  });

  it('logs a failed look and keeps polling', async () => {
    const warnings: unknown[] = [];
    const errors: unknown[] = [];
    // A database that has gone away: every claim on it fails.
    const closed = await freshDatabase();
    await closed.close();
    const jobRunner = createJobRunner({
      db: closed.db,
      handlers: { 'test.call': async () => undefined },
      log: {
        warn: (entry: unknown) => void warnings.push(entry),
        error: (entry: unknown) => void errors.push(entry),
      },
      pollMs: 10,
    });
    jobRunner.start();
    try {
      await eventually('a second failed look', () => errors.length + warnings.length >= 2);
    } finally {
      await jobRunner.stop();
    }
  });
});

describe('backoff', () => {
  it('doubles from its base after each failure, up to its cap', () => {
    const delays = [1, 2, 3, 4, 5].map(exponentialBackoff({ baseMs: 30_000, maxMs: 100_000 }));

    expect(delays).toEqual([30_000, 60_000, 100_000, 100_000, 100_000]);
  });
});
