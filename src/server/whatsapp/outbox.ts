import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { WhatsAppPurpose } from '@/shared/constants';
import type { Db, DbOrTx } from '../db/client';
import { sqlWrittenOnce } from '../db/prepared';
import { outbox } from '../db/schema';
import type { TemplateMessage } from './cloud-api';

/**
 * WhatsApp's rows of the outbox (issue 37): written in the transaction of what they tell of, like the
 * e-mails beside them (src/server/mail/outbox.ts), and sent by ./sender.ts.
 */

export interface WhatsAppToQueue {
  orderId: string;
  purpose: WhatsAppPurpose;
  /** One message per key, ever: a second queueing of it is left out ('confirmation:<order id>'). */
  dedupeKey?: string;
  message: Omit<TemplateMessage, 'callbackData'>;
  /** What it says, for the order page. */
  summary: string;
  /** Not before this time (now by default): the owner's delay of the confirmation. */
  sendAt?: Date;
}

/** A WhatsApp message the sender holds, and how many times it has been tried (this one included). */
export interface ClaimedWhatsApp {
  id: string;
  orderId: string | null;
  attempts: number;
  message: TemplateMessage;
}

/** Queues a message in `tx`; answers whether it was queued (false: its key was queued before). */
export async function enqueueWhatsApp(tx: DbOrTx, item: WhatsAppToQueue): Promise<boolean> {
  const id = randomUUID();
  // Meta repeats the callback data in every status of the message: a status names its row by it.
  const message: TemplateMessage = { ...item.message, callbackData: id };
  const inserted = await tx
    .insert(outbox)
    .values({
      id,
      channel: 'whatsapp',
      recipient: item.message.to,
      subject: item.purpose,
      text: item.summary,
      payload: message as unknown as Record<string, unknown>,
      orderId: item.orderId,
      dedupeKey: item.dedupeKey ?? null,
      ...(item.sendAt ? { nextAttemptAt: item.sendAt } : {}),
    })
    .onConflictDoNothing({ target: outbox.dedupeKey })
    .returning({ id: outbox.id });
  return inserted.length > 0;
}

const value = (name: string) => sql.placeholder(name);

const dueMessages = sqlWrittenOnce<
  { now: string; leaseMs: number; limit: number },
  { id: string; orderId: string | null; attempts: number | string; payload: TemplateMessage }
>(sql`
  update ${outbox} set lease_until = ${value('now')}::timestamptz + ${value('leaseMs')}::integer * interval '1 millisecond',
    attempts = attempts + 1
  where id in (
    select id from ${outbox}
    where channel = 'whatsapp' and sent_at is null and failed_at is null
      and next_attempt_at <= ${value('now')}::timestamptz
      and (lease_until is null or lease_until < ${value('now')}::timestamptz)
    order by next_attempt_at, id
    limit ${value('limit')}::integer
    for update skip locked
  )
  returning id, order_id as "orderId", attempts, payload`);

/**
 * Takes up to `limit` due messages for `leaseMs`, as the mail worker takes e-mails: two processes never
 * hold one row, and a process that died mid-send leaves it to be taken again once the lease is out.
 */
export async function claimDueWhatsApp(
  db: Db,
  now: Date,
  leaseMs: number,
  limit: number,
): Promise<ClaimedWhatsApp[]> {
  const rows = await dueMessages(db, { now: now.toISOString(), leaseMs, limit });
  return rows.map((row) => ({
    id: row.id,
    orderId: row.orderId,
    attempts: Number(row.attempts),
    message: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
  }));
}

/** Meta accepted it (its answer, or a status webhook naming the row): sent, with Meta's id. */
export async function markWhatsAppSent(
  db: DbOrTx,
  id: string,
  externalId: string,
  at: Date,
): Promise<boolean> {
  const marked = await db
    .update(outbox)
    .set({ sentAt: at, externalId, leaseUntil: null, lastError: null })
    .where(and(eq(outbox.id, id), eq(outbox.channel, 'whatsapp'), isNull(outbox.sentAt)))
    .returning({ id: outbox.id });
  return marked.length > 0;
}

/** A failure that a later try may mend: tried again at `retryAt`. */
export async function markWhatsAppRetry(db: Db, id: string, error: string, retryAt: Date): Promise<void> {
  await db
    .update(outbox)
    .set({ leaseUntil: null, nextAttemptAt: retryAt, lastError: error.slice(0, 1000) })
    .where(and(eq(outbox.id, id), isNull(outbox.sentAt)));
}

/** Meta refused it (a template not approved, a number not on WhatsApp): never tried again. */
export async function markWhatsAppFailed(db: DbOrTx, id: string, error: string, at: Date): Promise<void> {
  await db
    .update(outbox)
    .set({ leaseUntil: null, failedAt: at, lastError: error.slice(0, 1000) })
    .where(eq(outbox.id, id));
}
