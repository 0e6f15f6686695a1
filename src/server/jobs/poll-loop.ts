import type { FastifyBaseLogger } from 'fastify';
import { databaseUnavailableReason } from '../db/faults';

export interface PollLoop {
  /** Looks now and then every `pollMs`. */
  start(): void;
  /** Looks soon rather than at the next poll (after a commit that queued work). */
  wake(): void;
  /** Stops polling and waits for the look in hand. */
  stop(): Promise<void>;
}

/**
 * The looking of a worker that works through rows of the database (the job queue, WhatsApp's outbox):
 * `runDue` takes up to `batchSize` due rows and answers how many it took; a full batch means more may
 * be due, so it looks again at once. One look at a time: a wake during one looks again after it. A
 * failed look is logged under `name` (the database away: a warning) and the next poll tries again.
 */
export function createPollLoop(options: {
  name: string;
  runDue: () => Promise<number>;
  batchSize: number;
  pollMs: number;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}): PollLoop {
  const { name, runDue, batchSize, pollMs, log } = options;
  let started = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let lookAgain = false;

  async function drain(): Promise<void> {
    try {
      // A stop ends it after the batch in hand.
      while (started && (await runDue()) === batchSize);
    } catch (error) {
      const reason = databaseUnavailableReason(error);
      if (reason) log.warn({ reason }, `${name}: database unavailable, will retry`);
      else log.error({ err: error }, `${name}: looking for due work failed`);
    }
  }

  function look(): void {
    if (!started) return;
    if (running) {
      lookAgain = true;
      return;
    }
    clearTimeout(timer);
    running = drain().finally(() => {
      running = undefined;
      if (!started) return;
      if (lookAgain) {
        lookAgain = false;
        look();
        return;
      }
      timer = setTimeout(look, pollMs);
      timer.unref();
    });
  }

  return {
    start() {
      if (started) return;
      started = true;
      look();
    },
    wake: look,
    async stop() {
      started = false;
      clearTimeout(timer);
      await running;
    },
  };
}
