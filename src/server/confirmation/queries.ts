import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ContactChannel, ContactOutcome, ContactSource } from '@/shared/constants';
import type { DbOrTx, Tx } from '../db/client';
import { orderContacts, outbox, users } from '../db/schema';

/** The job that cancels an order nobody confirmed in time (issue 37), keyed by the order's id. */
export const NO_ANSWER_JOB = 'confirmation.noAnswer';

/** The contacts of these orders, oldest first, with the usernames of who made them. */
export function contactsOfOrders(db: DbOrTx, orderIds: string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: orderContacts.id,
      orderId: orderContacts.orderId,
      channel: orderContacts.channel,
      outcome: orderContacts.outcome,
      source: orderContacts.source,
      at: orderContacts.at,
      note: orderContacts.note,
      by: { id: users.id, username: users.username },
    })
    .from(orderContacts)
    .leftJoin(users, eq(users.id, orderContacts.byUserId))
    .where(inArray(orderContacts.orderId, orderIds))
    .orderBy(asc(orderContacts.orderId), asc(orderContacts.at), asc(orderContacts.id));
}
export type ContactRow = Awaited<ReturnType<typeof contactsOfOrders>>[number];

export async function addContact(
  tx: Tx,
  contact: {
    orderId: string;
    channel: ContactChannel;
    outcome: ContactOutcome;
    source: ContactSource;
    byUserId: string | null;
    note: string | null;
  },
): Promise<void> {
  await tx.insert(orderContacts).values(contact);
}

/** The WhatsApp messages of these orders (the outbox's rows of that channel), oldest first. */
export function whatsappOfOrders(db: DbOrTx, orderIds: string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: outbox.id,
      orderId: outbox.orderId,
      purpose: outbox.subject,
      sendAt: outbox.nextAttemptAt,
      createdAt: outbox.createdAt,
      sentAt: outbox.sentAt,
      failedAt: outbox.failedAt,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
    })
    .from(outbox)
    .where(and(eq(outbox.channel, 'whatsapp'), inArray(outbox.orderId, orderIds)))
    .orderBy(asc(outbox.orderId), asc(outbox.createdAt), asc(outbox.id))
    .then((rows) => rows.map((row) => ({ ...row, orderId: row.orderId! })));
}
export type WhatsAppRow = Awaited<ReturnType<typeof whatsappOfOrders>>[number];
