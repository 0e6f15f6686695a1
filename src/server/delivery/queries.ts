import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { DeliverySource, DeliveryState } from '@/shared/constants';
import type { DbOrTx, Tx } from '../db/client';
import { deliveryHistory, orders, shipments, users, type ShipmentRow } from '../db/schema';

/** The shipments of these orders (one each at most). */
export function shipmentsOfOrders(db: DbOrTx, orderIds: string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db.select().from(shipments).where(inArray(shipments.orderId, orderIds));
}

/** Every change of these orders' delivery states, oldest first, with the usernames of who made them. */
export function deliveryHistoryOfOrders(db: DbOrTx, orderIds: string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      orderId: deliveryHistory.orderId,
      state: deliveryHistory.state,
      at: deliveryHistory.at,
      source: deliveryHistory.source,
      note: deliveryHistory.note,
      by: { id: users.id, username: users.username },
    })
    .from(deliveryHistory)
    .leftJoin(users, eq(users.id, deliveryHistory.byUserId))
    .where(inArray(deliveryHistory.orderId, orderIds))
    .orderBy(asc(deliveryHistory.orderId), asc(deliveryHistory.at), asc(deliveryHistory.id));
}
export type DeliveryHistoryEntryRow = Awaited<ReturnType<typeof deliveryHistoryOfOrders>>[number];

/**
 * Moves an order's road to `state` and records the step, in the caller's transaction: the one way
 * `orders.delivery` changes. Its time is the clock's, not the transaction's, so two steps of one
 * transaction keep their order.
 */
export async function recordDelivery(
  tx: Tx,
  step: {
    orderId: string;
    state: DeliveryState;
    source: DeliverySource;
    byUserId: string | null;
    note: string | null;
    courierEventId?: string | null;
  },
): Promise<void> {
  await tx
    .update(orders)
    .set({ delivery: step.state, updatedAt: sql`now()` })
    .where(eq(orders.id, step.orderId));
  await tx.insert(deliveryHistory).values({
    orderId: step.orderId,
    state: step.state,
    source: step.source,
    byUserId: step.byUserId,
    note: step.note,
    courierEventId: step.courierEventId ?? null,
    at: sql`clock_timestamp()`,
  });
}

/** The shipment of an order, locked for the caller's transaction; null before it shipped. */
export async function lockShipment(tx: Tx, orderId: string): Promise<ShipmentRow | null> {
  const [row] = await tx.select().from(shipments).where(eq(shipments.orderId, orderId)).for('update');
  return row ?? null;
}
