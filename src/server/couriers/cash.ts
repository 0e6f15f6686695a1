import { and, desc, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import type { Courier } from '@/shared/constants';
import { shopDateTime, shopDayStart } from '@/shared/dates';
import { messages } from '@/shared/messages';
import { toEgp } from '@/shared/money';
import { formatOrderNumber } from '@/shared/order-number';
import { csvStream } from '../csv';
import type { Db, DbOrTx } from '../db/client';
import { courierPayouts, orders, shipments } from '../db/schema';
import { AppError } from '../errors';
import type { SessionUser } from '../plugins/auth-guard';

const s = messages.shipping;
const HEADERS = [
  s.csvOrder,
  s.csvCourier,
  s.csvTracking,
  s.csvDelivery,
  s.csvCashToCollect,
  s.csvCashCollected,
  s.csvCollectedAt,
  s.csvPayout,
  s.csvPayoutReceivedAt,
];
const PAGE_SIZE = 500;

const cashPage = (db: DbOrTx, before: { at: Date; id: string } | null) =>
  db
    .select({
      number: orders.number,
      courier: shipments.courier,
      trackingNumber: shipments.trackingNumber,
      delivery: orders.delivery,
      cashToCollect: shipments.cashToCollectPiastres,
      cashCollected: shipments.cashCollectedPiastres,
      collectedAt: shipments.collectedAt,
      payoutReference: courierPayouts.reference,
      payoutReceivedAt: courierPayouts.receivedAt,
      at: shipments.createdAt,
      id: shipments.id,
    })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .leftJoin(courierPayouts, eq(courierPayouts.id, shipments.payoutId))
    .where(
      and(
        or(sql`${shipments.cashToCollectPiastres} > 0`, isNotNull(shipments.cashCollectedPiastres)),
        before
          ? or(
              lt(shipments.createdAt, before.at),
              and(eq(shipments.createdAt, before.at), lt(shipments.id, before.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(shipments.createdAt), desc(shipments.id))
    .limit(PAGE_SIZE);

async function* cashRows(db: DbOrTx): AsyncGenerator<unknown[]> {
  let before: { at: Date; id: string } | null = null;
  for (;;) {
    const page = await cashPage(db, before);
    for (const row of page) {
      yield [
        formatOrderNumber(row.number),
        s.courierNames[row.courier],
        row.trackingNumber ?? '',
        messages.delivery.deliveryStates[row.delivery],
        toEgp(row.cashToCollect),
        row.cashCollected === null ? '' : toEgp(row.cashCollected),
        row.collectedAt ? shopDateTime(row.collectedAt) : '',
        row.payoutReference ?? '',
        row.payoutReceivedAt ? shopDateTime(row.payoutReceivedAt) : '',
      ];
    }
    const last = page.at(-1);
    if (!last || page.length < PAGE_SIZE) return;
    before = { at: last.at, id: last.id };
  }
}

/**
 * The cash reconciliation (issue 36): every parcel with cash to collect or collected, newest first,
 * with what the courier collected and the payout that settled it; streamed like the orders export.
 */
export function cashCsv(db: DbOrTx, onError: (error: Error) => void): Readable {
  return csvStream(cashRows(db), { columns: HEADERS, bom: true }, onError);
}

/**
 * Records a courier's payout the owner received: it settles the cash collected on the orders it
 * covers, all or none. Each order must have been delivered by that courier with its cash collected and
 * not settled yet (409 names the first that is not). The amount is what those orders collected.
 */
export async function recordPayout(
  db: Db,
  user: SessionUser,
  input: {
    courier: Courier;
    orderIds: string[];
    reference?: string | undefined;
    receivedAt?: string | undefined;
  },
) {
  return db.transaction(async (tx) => {
    const ids = [...new Set(input.orderIds)];
    const rows = await tx
      .select({ shipment: shipments, number: orders.number, orderId: orders.id })
      .from(orders)
      .leftJoin(shipments, eq(shipments.orderId, orders.id))
      .where(inArray(orders.id, ids))
      .for('update', { of: orders });
    const found = new Map(rows.map((row) => [row.orderId, row]));
    let amount = 0;
    for (const id of ids) {
      const row = found.get(id);
      if (!row) throw new AppError('NOT_FOUND', messages.orders.orderNotFoundAnswer);
      const number = formatOrderNumber(row.number);
      if (!row.shipment || row.shipment.courier !== input.courier) {
        throw new AppError('CONFLICT', s.otherCourier, { number });
      }
      if (row.shipment.cashCollectedPiastres === null) {
        throw new AppError('CONFLICT', s.cashNotCollected, { number });
      }
      if (row.shipment.payoutId !== null) throw new AppError('CONFLICT', s.alreadySettled, { number });
      amount += row.shipment.cashCollectedPiastres;
    }
    const receivedAt = input.receivedAt ? shopDayStart(input.receivedAt) : new Date();
    const [payout] = await tx
      .insert(courierPayouts)
      .values({
        courier: input.courier,
        amountPiastres: amount,
        reference: input.reference ?? '',
        receivedAt,
        byUserId: user.id,
      })
      .returning();
    if (!payout) throw new Error('payout insert returned nothing');
    await tx
      .update(shipments)
      .set({ payoutId: payout.id, updatedAt: new Date() })
      .where(inArray(shipments.orderId, ids));
    return {
      id: payout.id,
      courier: payout.courier,
      amount: toEgp(amount),
      orders: ids.length,
      reference: payout.reference,
      receivedAt: payout.receivedAt.toISOString(),
    };
  });
}
