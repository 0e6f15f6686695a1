import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../db/client';
import { sqlWrittenOnce } from '../db/prepared';
import { jobs } from '../db/schema';
import { createPollLoop } from './poll-loop';

/**
 * The job queue of calls out (issue 36, DESIGN §6): a job is written in the transaction of the change
 * that needs the call (an order sent to Bosta), so it exists exactly when that change commits, and a
 * runner makes the call later, as the mail outbox does (src/server/mail/worker.ts): claimed with a
 * lease, so a crashed process's jobs fall due again once their lease runs out; retried with backoff
 * while the failure may pass; given up at once when it cannot (an error with `retryable: false`, such
 * as a CourierError of a 4xx) or after `maxAttempts`. A job runs at least once, and may run again
 * after a crash between the call and the mark: its handler makes the call safe to repeat (Bosta's
 * looks the order's delivery up before creating one).
 */

export interface JobToQueue {
  kind: string;
  /** The call's idempotency key within its kind (an order's id): one job per (kind, key), ever. */
  key: string;
  payload: Record<string, unknown>;
  /** Not before this time (now by default). */
  runAt?: Date;
}

/** A job a runner holds: what to do, and how many times it has been tried (this one included). */
export interface ClaimedJob {
  id: string;
  kind: string;
  key: string;
  payload: Record<string, unknown>;
  attempts: number;
  createdAt: Date;
}

export type JobHandler = (job: ClaimedJob) => Promise<void>;

/** What became of a job that ran, as its row now says. */
export type JobOutcome =
  | { job: ClaimedJob; outcome: 'done' }
  | { job: ClaimedJob; outcome: 'retry'; error: string; retryAt: Date }
  | { job: ClaimedJob; outcome: 'failed'; error: string };

export interface JobRunnerOptions {
  db: Db;
  /** By kind; a runner claims only the kinds it can run. */
  handlers: Record<string, JobHandler>;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** How long a claimed job is this runner's: longer than any handler may take (its calls' timeouts). */
  leaseMs?: number;
  /** Tries before a job that keeps failing is given up. */
  maxAttempts?: number;
  /** The wait before the next try of a job that has failed `attempt` times. */
  backoff?: (attempt: number) => number;
  /** How often the runner looks for due jobs when nobody wakes it (retries fall due this way). */
  pollMs?: number;
  /** Jobs claimed at once. */
  batchSize?: number;
  /** Milliseconds since the epoch: the time the runner claims, leases and schedules by (tests move it). */
  clock?: () => number;
  /**
   * Told of every job that ran, once its row is marked (a failed Bosta job writes the shipment's
   * error here). Its own failures are logged, never undo the mark.
   */
  onOutcome?: (outcome: JobOutcome) => Promise<void> | void;
}

export interface JobRunner {
  /** Claims up to `batchSize` due jobs, runs them one by one, marks each; answers how many ran. */
  runDue(): Promise<number>;
  /** Looks for due jobs now and then every `pollMs`. */
  start(): void;
  /** Looks soon rather than at the next poll (after a commit that queued a job). */
  wake(): void;
  /** Stops polling and waits for the job in hand. */
  stop(): Promise<void>;
}

/** `baseMs` after the first failure, doubling with each further one, at most `maxMs`. */
export function exponentialBackoff({ baseMs, maxMs }: { baseMs: number; maxMs: number }) {
  return (attempt: number) => Math.min(baseMs * 2 ** Math.max(0, attempt - 1), maxMs);
}

export const DEFAULT_JOB_OPTIONS = {
  leaseMs: 5 * 60_000,
  maxAttempts: 10,
  backoff: exponentialBackoff({ baseMs: 30_000, maxMs: 60 * 60_000 }),
  pollMs: 10_000,
  batchSize: 10,
};

/**
 * Queues a job in `tx` (the transaction of the change that needs it). A job of the same kind and key
 * already queued (or run) is left as it is: answers whether this call queued one.
 */
export async function enqueueJob(tx: DbOrTx, job: JobToQueue): Promise<boolean> {
  const inserted = await tx
    .insert(jobs)
    .values({
      kind: job.kind,
      key: job.key,
      payload: job.payload,
      ...(job.runAt ? { nextAttemptAt: job.runAt } : {}),
    })
    .onConflictDoNothing({ target: [jobs.kind, jobs.key] })
    .returning({ id: jobs.id });
  return inserted.length > 0;
}

const value = (name: string) => sql.placeholder(name);

const dueJobs = sqlWrittenOnce<
  { now: string; leaseMs: number; limit: number; kinds: string[] },
  Omit<ClaimedJob, 'createdAt'> & { createdAt: Date | string }
>(sql`
  update ${jobs} set lease_until = ${value('now')}::timestamptz + ${value('leaseMs')}::integer * interval '1 millisecond',
    attempts = attempts + 1
  where id in (
    select id from ${jobs}
    where done_at is null and failed_at is null and kind = any(${value('kinds')}::text[])
      and next_attempt_at <= ${value('now')}::timestamptz
      and (lease_until is null or lease_until < ${value('now')}::timestamptz)
    order by next_attempt_at, id
    limit ${value('limit')}::integer
    for update skip locked
  )
  returning id, kind, key, payload, attempts, created_at as "createdAt"`);

/** Why a job failed, in words for the owner: a courier's own reason, or the error's message. */
export function reasonOf(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const { reason, message } = error as { reason?: unknown; message?: unknown };
    if (typeof reason === 'string' && reason !== '') return reason;
    if (typeof message === 'string' && message !== '') return message;
  }
  return String(error);
}

/** An error that says no retry can change it (a CourierError of a 4xx, and any error alike). */
export function isPermanent(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { retryable?: unknown }).retryable === false
  );
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, handlers, log } = options;
  const leaseMs = options.leaseMs ?? DEFAULT_JOB_OPTIONS.leaseMs;
  const maxAttempts = options.maxAttempts ?? DEFAULT_JOB_OPTIONS.maxAttempts;
  const backoff = options.backoff ?? DEFAULT_JOB_OPTIONS.backoff;
  const pollMs = options.pollMs ?? DEFAULT_JOB_OPTIONS.pollMs;
  const batchSize = options.batchSize ?? DEFAULT_JOB_OPTIONS.batchSize;
  const clock = options.clock ?? Date.now;
  const kinds = Object.keys(handlers);

  async function claim(): Promise<ClaimedJob[]> {
    const rows = await dueJobs(db, {
      now: new Date(clock()).toISOString(),
      leaseMs,
      limit: batchSize,
      kinds,
    });
    return rows.map((row) => ({
      ...row,
      attempts: Number(row.attempts),
      createdAt: new Date(row.createdAt),
    }));
  }

  /**
   * Marks what became of a job. Done is done whoever ran it; a failure is marked only while the row
   * is still this try's (same attempts, not done): a runner whose lease ran out while it worked and
   * whose job another runner has taken again does not overwrite that one's.
   */
  async function mark(job: ClaimedJob, error: unknown): Promise<JobOutcome> {
    const now = new Date(clock());
    if (error === undefined) {
      await db
        .update(jobs)
        .set({ doneAt: now, leaseUntil: null, lastError: null })
        .where(and(eq(jobs.id, job.id), isNull(jobs.doneAt)));
      return { job, outcome: 'done' };
    }
    const reason = reasonOf(error).slice(0, 1000);
    const thisTry = and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts), isNull(jobs.doneAt));
    if (isPermanent(error) || job.attempts >= maxAttempts) {
      await db.update(jobs).set({ failedAt: now, leaseUntil: null, lastError: reason }).where(thisTry);
      return { job, outcome: 'failed', error: reason };
    }
    const retryAt = new Date(now.getTime() + backoff(job.attempts));
    await db.update(jobs).set({ nextAttemptAt: retryAt, leaseUntil: null, lastError: reason }).where(thisTry);
    return { job, outcome: 'retry', error: reason, retryAt };
  }

  async function run(job: ClaimedJob): Promise<void> {
    let failure: unknown;
    try {
      await handlers[job.kind]!(job);
    } catch (error) {
      failure = error ?? new Error('the job failed without an error');
    }
    const outcome = await mark(job, failure);
    if (outcome.outcome !== 'done') {
      log.warn(
        {
          jobId: job.id,
          kind: job.kind,
          attempts: job.attempts,
          outcome: outcome.outcome,
          reason: outcome.error,
        },
        outcome.outcome === 'retry' ? 'job failed, will retry' : 'job failed, given up',
      );
    }
    try {
      await options.onOutcome?.(outcome);
    } catch (error) {
      log.error({ err: error, jobId: job.id, kind: job.kind }, 'job outcome hook failed');
    }
  }

  async function runDue(): Promise<number> {
    if (kinds.length === 0) return 0;
    const claimed = await claim();
    for (const job of claimed) await run(job);
    return claimed.length;
  }

  // The jobs wait in their table while the database is away: the next look takes them.
  return { runDue, ...createPollLoop({ name: 'job queue', runDue, batchSize, pollMs, log }) };
}
