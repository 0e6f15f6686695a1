import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { sqlWrittenOnce } from '../db/prepared';
import { outbox } from '../db/schema';
import type { MailMessage } from './compose';

/** A row the worker holds: what to send, and how many times it has been tried (this one included). */
export interface ClaimedMail extends MailMessage {
  id: string;
  attempts: number;
  createdAt: Date;
}

const value = (name: string) => sql.placeholder(name);

// Written once as SQL (src/server/db/prepared.ts): the insert and update builders wrote every column of
// the table on each call, and each order's e-mail goes through all three.
const mailRow = sqlWrittenOnce<MailMessage & Record<string, unknown>, never>(
  sql`insert into ${outbox} (recipient, subject, text, html)
      values (${value('to')}, ${value('subject')}, ${value('text')}, ${value('html')})`,
);

/** Called with the transaction of what the messages tell of, so they exist exactly when it commits. */
export async function enqueueMail(tx: DbOrTx, messages: MailMessage[]): Promise<void> {
  for (const message of messages) await mailRow(tx, { ...message });
}

const dueMail = sqlWrittenOnce<
  { leaseMs: number; limit: number },
  Omit<ClaimedMail, 'to' | 'createdAt'> & { recipient: string; createdAt: Date | string }
>(sql`
  update ${outbox} set lease_until = now() + ${value('leaseMs')}::integer * interval '1 millisecond',
    attempts = attempts + 1
  where id in (
    select id from ${outbox}
    where channel = 'email' and sent_at is null and next_attempt_at <= now()
      and (lease_until is null or lease_until < now())
    order by next_attempt_at, id
    limit ${value('limit')}::integer
    for update skip locked
  )
  returning id, recipient, subject, text, html, attempts, created_at as "createdAt"`);

/**
 * Takes up to `limit` due messages for `leaseMs`, in one statement: `SKIP LOCKED` lets two processes
 * claim at once without waiting on each other, and the lease keeps a claimed row from every other
 * worker until it expires (a worker that died mid-send leaves it to be taken again then).
 */
export async function claimDueMail(db: Db, leaseMs: number, limit: number): Promise<ClaimedMail[]> {
  const rows = await dueMail(db, { leaseMs, limit });
  return rows.map(({ recipient, createdAt, ...row }) => ({
    ...row,
    to: recipient,
    attempts: Number(row.attempts),
    createdAt: new Date(createdAt),
  }));
}

const sentMail = sqlWrittenOnce<{ ids: string[] }, never>(
  sql`update ${outbox} set sent_at = now(), lease_until = null, last_error = null
      where id = any(${value('ids')}::uuid[])`,
);

/** Only once the mail server has accepted the messages. */
export async function markSent(db: Db, ids: string[]): Promise<void> {
  await sentMail(db, { ids });
}

export async function markFailed(db: Db, id: string, error: string, retryAt: Date): Promise<void> {
  await db
    .update(outbox)
    .set({ leaseUntil: null, nextAttemptAt: retryAt, lastError: error.slice(0, 1000) })
    .where(eq(outbox.id, id));
}
