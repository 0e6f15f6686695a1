import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { outbox } from '../db/schema';
import type { MailMessage } from './compose';

/** A row the worker holds: what to send, and how many times it has been tried (this one included). */
export interface ClaimedMail extends MailMessage {
  id: string;
  attempts: number;
  createdAt: Date;
}

/** Called with the transaction of what the messages tell of, so they exist exactly when it commits. */
export async function enqueueMail(tx: DbOrTx, messages: MailMessage[]): Promise<void> {
  if (messages.length === 0) return;
  // Written as SQL: the insert builder writes every column of the table on each call (issue 18: an
  // order's e-mail cost 76 µs of CPU before it reached the database), and these four are all it sets.
  const rows = messages.map(
    (message) => sql`(${message.to}, ${message.subject}, ${message.text}, ${message.html})`,
  );
  await tx.execute(
    sql`insert into ${outbox} (recipient, subject, text, html) values ${sql.join(rows, sql`, `)}`,
  );
}

/**
 * Takes up to `limit` due messages for `leaseMs`, in one statement: `SKIP LOCKED` lets two processes
 * claim at once without waiting on each other, and the lease keeps a claimed row from every other
 * worker until it expires (a worker that died mid-send leaves it to be taken again then).
 */
export async function claimDueMail(db: Db, leaseMs: number, limit: number): Promise<ClaimedMail[]> {
  const result = await db.execute(sql`
    update outbox set lease_until = now() + ${leaseMs} * interval '1 millisecond', attempts = attempts + 1
    where id in (
      select id from outbox
      where sent_at is null and next_attempt_at <= now() and (lease_until is null or lease_until < now())
      order by next_attempt_at, id
      limit ${limit}
      for update skip locked
    )
    returning id, recipient, subject, text, html, attempts, created_at as "createdAt"`);
  const rows = (
    result as unknown as {
      rows: Array<Omit<ClaimedMail, 'to' | 'createdAt'> & { recipient: string; createdAt: Date | string }>;
    }
  ).rows;
  return rows.map(({ recipient, createdAt, ...row }) => ({
    ...row,
    to: recipient,
    attempts: Number(row.attempts),
    createdAt: new Date(createdAt),
  }));
}

/** Only once the mail server has accepted the message. */
export async function markSent(db: Db, id: string): Promise<void> {
  await db
    .update(outbox)
    .set({ sentAt: new Date(), leaseUntil: null, lastError: null })
    .where(eq(outbox.id, id));
}

export async function markFailed(db: Db, id: string, error: string, retryAt: Date): Promise<void> {
  await db
    .update(outbox)
    .set({ leaseUntil: null, nextAttemptAt: retryAt, lastError: error.slice(0, 1000) })
    .where(eq(outbox.id, id));
}
