import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { createPollLoop } from '../jobs/poll-loop';
import { exponentialBackoff, isPermanent, reasonOf } from '../jobs/queue';
import type { WhatsAppClient } from './cloud-api';
import {
  claimDueWhatsApp,
  markWhatsAppFailed,
  markWhatsAppRetry,
  markWhatsAppSent,
  type ClaimedWhatsApp,
} from './outbox';

export interface WhatsAppSenderOptions {
  db: Db;
  client: WhatsAppClient;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** How long a claimed message is this sender's: longer than a call may take (the client's timeout). */
  leaseMs?: number;
  /** Tries before a message Meta keeps failing (5xx, no answer) is given up. */
  maxAttempts?: number;
  /** The wait before the next try of a message that failed `attempt` times. */
  backoff?: (attempt: number) => number;
  /** How often the outbox is looked at when nobody wakes the sender (delayed messages fall due so). */
  pollMs?: number;
  batchSize?: number;
  /** Milliseconds since the epoch: the time messages fall due by (tests move it). */
  clock?: () => number;
}

export interface WhatsAppSender {
  /** Claims the due messages and sends them, one by one; answers how many were tried. */
  runDue(): Promise<number>;
  start(): void;
  wake(): void;
  stop(): Promise<void>;
}

/**
 * Sends the outbox's WhatsApp messages (issue 37) through the Cloud API: each is marked sent with
 * Meta's id once Meta accepted it; an outage (5xx, no answer, a rate limit) is tried again later with
 * backoff, and a refusal (4xx: a template not approved, a bad number) is marked failed at once and
 * shown on its order, never retried. A crash between Meta's answer and the mark leaves the row to be
 * claimed again when its lease is out; by then Meta's 'sent' status, which names the row by its
 * callback data, has marked it sent (./routes.ts), so the customer does not get it twice.
 */
export function createWhatsAppSender(options: WhatsAppSenderOptions): WhatsAppSender {
  const { db, client, log } = options;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const maxAttempts = options.maxAttempts ?? 10;
  const backoff = options.backoff ?? exponentialBackoff({ baseMs: 30_000, maxMs: 60 * 60_000 });
  const pollMs = options.pollMs ?? 30_000;
  const batchSize = options.batchSize ?? 10;
  const clock = options.clock ?? Date.now;

  async function send(claimed: ClaimedWhatsApp): Promise<void> {
    try {
      const { messageId } = await client.sendTemplate(claimed.message);
      await markWhatsAppSent(db, claimed.id, messageId, new Date(clock()));
    } catch (error) {
      const reason = reasonOf(error);
      const givenUp = isPermanent(error) || claimed.attempts >= maxAttempts;
      // The log names the row and the order, never the customer's number.
      log.warn(
        { outboxId: claimed.id, orderId: claimed.orderId, attempts: claimed.attempts, reason },
        givenUp ? 'WhatsApp message not sent, given up' : 'WhatsApp message not sent, will retry',
      );
      if (givenUp) await markWhatsAppFailed(db, claimed.id, reason, new Date(clock()));
      else await markWhatsAppRetry(db, claimed.id, reason, new Date(clock() + backoff(claimed.attempts)));
    }
  }

  async function runDue(): Promise<number> {
    const claimed = await claimDueWhatsApp(db, new Date(clock()), leaseMs, batchSize);
    for (const message of claimed) await send(message);
    return claimed.length;
  }

  return { runDue, ...createPollLoop({ name: 'WhatsApp outbox', runDue, batchSize, pollMs, log }) };
}
