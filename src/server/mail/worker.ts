import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { databaseUnavailableReason } from '../db/faults';
import { claimDueMail, markFailed, markSent, type ClaimedMail } from './outbox';
import type { MailTransport } from './transport';

export interface OutboxWorkerOptions {
  /** How often the outbox is looked at when nobody wakes the worker (retries fall due this way). */
  pollMs: number;
  /** How long a claimed row is this worker's: longer than any send may take (the SMTP timeouts). */
  leaseMs: number;
  /** The wait after the first failure; each further failure doubles it, up to `retryMaxMs`. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** Rows claimed at once. */
  batchSize: number;
  /**
   * How long a wake waits before it looks: the e-mails of orders committed close together then go out
   * in one claim and one mark (at 200 orders a second, four or so), not a claim and a mark each.
   */
  wakeDelayMs: number;
  /**
   * A batch's messages are marked sent in one statement when it ends; once it has run this long (a
   * slow mail server), each as the server accepts it, well within the lease.
   */
  markWithinMs: number;
}

export const DEFAULT_OUTBOX_OPTIONS: OutboxWorkerOptions = {
  pollMs: 10_000,
  leaseMs: 5 * 60_000,
  retryBaseMs: 30_000,
  retryMaxMs: 60 * 60_000,
  batchSize: 20,
  wakeDelayMs: 20,
  markWithinMs: 1_000,
};

/** The wait before the next try of a message that has failed `attempts` times (exponential backoff). */
export function retryDelayMs(
  attempts: number,
  options: Pick<OutboxWorkerOptions, 'retryBaseMs' | 'retryMaxMs'>,
) {
  return Math.min(options.retryBaseMs * 2 ** Math.max(0, attempts - 1), options.retryMaxMs);
}

/**
 * Sends what the outbox holds, in this process: every `pollMs`, and `wakeDelayMs` after a wake (an order
 * was placed, a reset asked for). A message is marked sent only after the transport accepted it, and a
 * failure leaves it for a later try; a crash anywhere leaves the row unsent, to be claimed again once
 * its lease has run out. Retries go on (at most `retryMaxMs` apart) until the message is accepted.
 */
export class OutboxWorker {
  private readonly options: OutboxWorkerOptions;
  private timer: NodeJS.Timeout | undefined;
  /** Set while a wake waits out `wakeDelayMs`: further wakes meanwhile are the same look. */
  private waking: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private wakeAgain = false;
  private started = false;
  private stopping = false;

  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
    options: Partial<OutboxWorkerOptions> = {},
  ) {
    this.options = { ...DEFAULT_OUTBOX_OPTIONS, ...options };
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.wake();
  }

  /** Looks at the outbox soon (`wakeDelayMs`) rather than at the next poll (after a commit that wrote to it). */
  wake(): void {
    if (!this.started || this.waking) return;
    if (this.running) {
      this.wakeAgain = true;
      return;
    }
    this.waking = setTimeout(() => {
      this.waking = undefined;
      this.look();
    }, this.options.wakeDelayMs);
  }

  private look(): void {
    if (!this.started) return;
    if (this.running) {
      this.wakeAgain = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (!this.started) return;
      if (this.wakeAgain) {
        this.wakeAgain = false;
        this.wake();
        return;
      }
      this.timer = setTimeout(() => this.look(), this.options.pollMs);
      this.timer.unref();
    });
  }

  /** Waits for the batch in hand (its sends end by their own timeouts), then stops. */
  async stop(): Promise<void> {
    this.started = false;
    this.stopping = true;
    clearTimeout(this.timer);
    clearTimeout(this.waking);
    this.waking = undefined;
    await this.running;
    this.transport.close();
  }

  /** Claims and sends what is due until nothing is; answers how many were sent. */
  async runOnce(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await claimDueMail(this.db, this.options.leaseMs, this.options.batchSize);
      // A crash before the mark sends the accepted messages again once their lease is out: at least
      // once, never lost (and the Message-ID is the row's, ./transport.ts).
      const claimedAt = performance.now();
      let accepted: string[] = [];
      const markAccepted = async () => {
        if (accepted.length === 0) return;
        await markSent(this.db, accepted);
        sent += accepted.length;
        accepted = [];
      };
      try {
        for (const message of batch) {
          if (await this.deliver(message)) accepted.push(message.id);
          if (performance.now() - claimedAt >= this.options.markWithinMs) await markAccepted();
        }
      } finally {
        await markAccepted();
      }
      if (batch.length < this.options.batchSize || this.stopping) return sent;
    }
  }

  private async drain(): Promise<void> {
    try {
      await this.runOnce();
    } catch (error) {
      // The database is away or the like: the rows wait in the outbox for the next poll.
      const reason = databaseUnavailableReason(error);
      if (reason) this.log.warn({ reason }, 'mail outbox: database unavailable, will retry');
      else this.log.error({ err: error }, 'mail outbox: reading the outbox failed');
    }
  }

  private async deliver(message: ClaimedMail): Promise<boolean> {
    try {
      await this.transport.send(message);
    } catch (error) {
      const delay = retryDelayMs(message.attempts, this.options);
      const reason = error instanceof Error ? error.message : String(error);
      // The log gets the error's code only: a mail server's answer often quotes the recipient's address.
      const { code, responseCode } = error as { code?: string; responseCode?: number };
      this.log.warn(
        { outboxId: message.id, attempts: message.attempts, retryInMs: delay, code, responseCode },
        'mail not sent, will retry',
      );
      await markFailed(this.db, message.id, reason, new Date(Date.now() + delay));
      return false;
    }
    return true;
  }
}
