import { randomUUID } from 'node:crypto';
import { and, eq, inArray, or } from 'drizzle-orm';
import { canMove } from '@/shared/delivery';
import { messages } from '@/shared/messages';
import { toEgp } from '@/shared/money';
import { formatOrderNumber } from '@/shared/order-number';
import type { Translator } from '@/shared/translate';
import type { Db, Tx } from '../db/client';
import { courierEvents, orders, shipments, type ShipmentRow } from '../db/schema';
import { recordDelivery } from '../delivery/queries';
import { cashToCollect, eachOrder, type BulkResult, type DeliveryService } from '../delivery/service';
import { AppError } from '../errors';
import { enqueueJob, type ClaimedJob, type JobOutcome } from '../jobs/queue';
import type { SessionUser } from '../plugins/auth-guard';
import { awaitsVariant } from '../orders/lines';
import { linesOfOrders, lockOrder, type LockedOrder } from '../orders/queries';
import { notConfirmedYet } from '../confirmation/rules';
import type { StatusChange } from '../orders/service';
import { createShipmentOnce } from './create-shipment-once';
import type { CourierAdapter, CourierOrder, CourierWebhook, RequestHeaders } from './types';

/** The job that creates an order's delivery at Bosta, after the transaction that asked for it. */
export const BOSTA_CREATE_JOB = 'bosta.create';

const s = messages.shipping;

/**
 * Where the shopper follows a Bosta parcel: Bosta's public tracking page (its API answers no page of
 * its own), which takes the tracking number.
 */
export function bostaTrackingUrl(trackingNumber: string): string {
  return `https://bosta.co/tracking-shipments?shipment-number=${encodeURIComponent(trackingNumber)}`;
}

export interface BostaShippingDeps {
  db: Db;
  delivery: DeliveryService;
  /** Null while BOSTA_API_KEY or BOSTA_WEBHOOK_SECRET is unset: sending is refused with the reason. */
  adapter: CourierAdapter | null;
  webhook: CourierWebhook;
  webhookSecret: string | undefined;
  /** Tells the job runner a job was queued (it looks at once rather than at its next poll). */
  wakeJobs: () => void;
}

/** What an order is to Bosta: the receiver, the address as Bosta's fields take it, and the cash. */
function courierOrderOf(order: LockedOrder, shipment: ShipmentRow): CourierOrder {
  return {
    number: formatOrderNumber(order.number),
    name: order.name,
    phone: order.phone,
    governorate: order.governorate,
    city: order.city,
    area: order.area,
    street: order.street,
    building: order.building,
    floor: order.floor,
    apartment: order.apartment,
    landmark: order.landmark,
    address: order.address,
    cashToCollect: toEgp(shipment.cashToCollectPiastres),
    notes: '',
    // Egyptian shoppers ask to see a piece before paying for it; the owner's policy may say otherwise later.
    allowToOpenPackage: true,
  };
}

/**
 * Bosta for the desk (issue 36): orders sent as jobs written with their shipment in one transaction,
 * the job that creates the delivery (once, however often it runs), cancelling, the airway bills, and
 * the webhook's news applied to the order's road.
 */
export function createBostaShipping({
  db,
  delivery,
  adapter,
  webhook,
  webhookSecret,
  wakeJobs,
}: BostaShippingDeps) {
  function connected(): CourierAdapter {
    if (!adapter) throw new AppError('CONFLICT', s.bostaNotConfigured);
    return adapter;
  }

  /** Queues one order's delivery: its shipment row ('queued') and the job, or nothing (409). */
  async function sendOne(user: SessionUser, orderId: string): Promise<string> {
    connected();
    await db.transaction(async (tx) => {
      const order = await lockOrder(tx, orderId);
      if (!order) throw new AppError('NOT_FOUND', messages.orders.orderNotFoundAnswer);
      if (order.delivery !== 'notShipped') throw new AppError('CONFLICT', s.alreadyShipped);
      if (order.status !== 'pending' && order.status !== 'confirmed') {
        throw new AppError('CONFLICT', s.notShippable);
      }
      if (order.awaitsConfirmation) throw notConfirmedYet(order);
      if ((await linesOfOrders(tx, [orderId])).some(awaitsVariant)) {
        throw new AppError('CONFLICT', s.sizeToConfirmFirst);
      }
      const [existing] = await tx
        .select()
        .from(shipments)
        .where(eq(shipments.orderId, orderId))
        .for('update');
      if (existing && (existing.request === 'queued' || existing.request === 'created')) {
        throw new AppError('CONFLICT', s.alreadyWithCourier);
      }
      const fresh = {
        courier: 'bosta' as const,
        request: 'queued' as const,
        externalId: null,
        trackingNumber: null,
        trackingUrl: null,
        courierState: null,
        courierStateAt: null,
        lastError: null,
        cashToCollectPiastres: cashToCollect(order),
        updatedAt: new Date(),
      };
      // A shipment cancelled or refused by Bosta before is sent again in its own row.
      const shipmentId = existing
        ? (await tx.update(shipments).set(fresh).where(eq(shipments.id, existing.id)).returning())[0]!.id
        : (
            await tx
              .insert(shipments)
              .values({ orderId, ...fresh })
              .returning()
          )[0]!.id;
      // A key of its own per sending: one job per try of the owner, each safe to run twice.
      await enqueueJob(tx, {
        kind: BOSTA_CREATE_JOB,
        key: `${orderId}:${randomUUID()}`,
        payload: { orderId, shipmentId, byUserId: user.id },
      });
    });
    return s.bostaQueued;
  }

  /**
   * The job: makes Bosta's delivery unless Bosta already has one for the order's number (a retry after
   * a timeout, or after a crash between Bosta's answer and our commit), then records it and ships the
   * order. A shipment cancelled while the job waited is cancelled at Bosta too.
   */
  async function runCreate(job: ClaimedJob): Promise<void> {
    const { orderId, shipmentId, byUserId } = job.payload as {
      orderId: string;
      shipmentId: string;
      byUserId: string | null;
    };
    const [row] = await db
      .select({ shipment: shipments })
      .from(shipments)
      .where(and(eq(shipments.id, shipmentId), eq(shipments.orderId, orderId)));
    if (!row || row.shipment.request !== 'queued') return;
    const order = await db.transaction((tx) => lockOrder(tx, orderId));
    if (!order) return;
    const { shipment: made } = await createShipmentOnce(connected(), courierOrderOf(order, row.shipment));

    let change: StatusChange | null = null;
    const kept = await db.transaction(async (tx) => {
      const locked = await lockOrder(tx, orderId);
      const [current] = await tx.select().from(shipments).where(eq(shipments.id, shipmentId)).for('update');
      if (!locked || current?.request !== 'queued') return false;
      await tx
        .update(shipments)
        .set({
          request: 'created',
          externalId: made.externalId,
          trackingNumber: made.trackingNumber,
          trackingUrl: made.trackingUrl ?? bostaTrackingUrl(made.trackingNumber),
          courierState: made.courierState,
          lastError: null,
          updatedAt: new Date(),
        })
        .where(eq(shipments.id, shipmentId));
      if (
        canMove(locked.delivery, 'shipped') &&
        (locked.status === 'pending' || locked.status === 'confirmed')
      ) {
        change = await delivery.moveIn(tx, locked, 'shipped', { source: 'staff', byUserId, note: null });
      }
      return true;
    });
    if (!kept) {
      await connected().cancelShipment(made.externalId);
      return;
    }
    delivery.afterMove(change);
  }

  /** What the owner reads beside the order while Bosta has not taken it: Bosta's reason, or that it gave up. */
  async function recordOutcome(outcome: JobOutcome): Promise<void> {
    if (outcome.job.kind !== BOSTA_CREATE_JOB || outcome.outcome === 'done') return;
    const { shipmentId } = outcome.job.payload as { shipmentId: string };
    await db
      .update(shipments)
      .set({
        lastError: outcome.error,
        ...(outcome.outcome === 'failed' ? { request: 'failed' as const } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(shipments.id, shipmentId), eq(shipments.request, 'queued')));
  }

  return {
    runCreate,
    recordOutcome,

    /** Sends each order to Bosta on its own: one refused (its reason in its result) leaves the others sent. */
    async send(user: SessionUser, orderIds: string[], translator: Translator): Promise<BulkResult[]> {
      connected();
      const results = await eachOrder(orderIds, translator, (orderId) => sendOne(user, orderId));
      if (results.some((result) => result.ok)) wakeJobs();
      return results;
    },

    /**
     * Cancels the order's Bosta shipment: at Bosta first (it refuses once it has the parcel), then
     * here, and the order's road goes back to not shipped. A shipment still queued is cancelled here
     * only; its job then makes nothing.
     */
    async cancel(user: SessionUser, orderId: string): Promise<void> {
      const [row] = await db.select().from(shipments).where(eq(shipments.orderId, orderId));
      if (!row || row.courier !== 'bosta' || (row.request !== 'queued' && row.request !== 'created')) {
        throw new AppError('CONFLICT', s.notWithBosta);
      }
      const [order] = await db
        .select({ delivery: orders.delivery })
        .from(orders)
        .where(eq(orders.id, orderId));
      if (order && order.delivery !== 'notShipped' && order.delivery !== 'shipped') {
        throw new AppError('CONFLICT', s.bostaNotCancellable);
      }
      if (row.request === 'created' && row.externalId) await connected().cancelShipment(row.externalId);
      await db.transaction(async (tx) => {
        const locked = await lockOrder(tx, orderId);
        if (!locked) throw new AppError('NOT_FOUND', messages.orders.orderNotFoundAnswer);
        await tx
          .update(shipments)
          .set({ request: 'cancelled', updatedAt: new Date() })
          .where(eq(shipments.id, row.id));
        if (locked.delivery === 'shipped') {
          await recordDelivery(tx, {
            orderId,
            state: 'notShipped',
            source: 'staff',
            byUserId: user.id,
            // No note: a stored text would stay in one language; the step back to 'not shipped' says it.
            note: null,
          });
        }
      });
    },

    /** The airway bills of the orders, in their order, as one PDF (409 names an order Bosta has not taken). */
    async airwayBills(orderIds: string[]): Promise<Uint8Array> {
      const bosta = connected();
      const ids = [...new Set(orderIds)];
      const rows = await db
        .select({ orderId: orders.id, number: orders.number, shipment: shipments })
        .from(orders)
        .leftJoin(shipments, eq(shipments.orderId, orders.id))
        .where(inArray(orders.id, ids));
      const byOrder = new Map(rows.map((row) => [row.orderId, row]));
      const externalIds = ids.map((id) => {
        const row = byOrder.get(id);
        if (!row) throw new AppError('NOT_FOUND', messages.orders.orderNotFoundAnswer);
        const shipment = row.shipment;
        if (shipment?.courier !== 'bosta' || shipment.request !== 'created' || !shipment.externalId) {
          throw new AppError('CONFLICT', s.noAirwayBill, { number: formatOrderNumber(row.number) });
        }
        return shipment.externalId;
      });
      return bosta.airwayBill(externalIds);
    },

    /**
     * Bosta's webhook: refused (401) without the shop's secret, 400 for a body that is no delivery
     * event. The event is stored once, by Bosta's identity of it, in the transaction that applies it:
     * a second copy changes nothing, and one older than what the shipment already heard (by Bosta's
     * own time) only is stored. What it applied, or why not, is its `outcome`.
     */
    async receiveWebhook(headers: RequestHeaders, rawBody: string): Promise<string> {
      if (!webhookSecret || !webhook.verifyWebhook(headers, webhookSecret)) {
        throw new AppError('UNAUTHORIZED', s.webhookRefused);
      }
      const event = webhook.parseWebhook(rawBody);
      if (!event) throw new AppError('BAD_REQUEST', s.webhookInvalid);

      let change: StatusChange | null = null;
      const outcome = await db.transaction(async (tx) => {
        const [stored] = await tx
          .insert(courierEvents)
          .values({
            courier: 'bosta',
            eventKey: event.eventKey,
            body: rawBody,
            occurredAt: event.occurredAt,
            outcome: 'received',
          })
          .onConflictDoNothing({ target: [courierEvents.courier, courierEvents.eventKey] })
          .returning({ id: courierEvents.id });
        if (!stored) return 'duplicate';
        const applied = await applyEvent(tx, stored.id, event);
        change = applied.change;
        await tx
          .update(courierEvents)
          .set({ outcome: applied.outcome, orderId: applied.orderId })
          .where(eq(courierEvents.id, stored.id));
        return applied.outcome;
      });
      delivery.afterMove(change);
      return outcome;
    },
  };

  async function applyEvent(
    tx: Tx,
    eventId: string,
    event: NonNullable<ReturnType<CourierWebhook['parseWebhook']>>,
  ): Promise<{ outcome: string; orderId: string | null; change: StatusChange | null }> {
    const [shipment] = await tx
      .select()
      .from(shipments)
      .where(
        and(
          eq(shipments.courier, 'bosta'),
          or(
            eq(shipments.trackingNumber, event.trackingNumber),
            eq(shipments.externalId, event.trackingNumber),
          ),
        ),
      )
      .for('update');
    if (!shipment) return { outcome: 'unknown', orderId: null, change: null };
    const orderId = shipment.orderId;
    const order = await lockOrder(tx, orderId);
    if (!order) return { outcome: 'unknown', orderId: null, change: null };
    // Bosta may send an older event after a newer one: what happened before the last news is history.
    if (shipment.courierStateAt && event.occurredAt < shipment.courierStateAt) {
      return { outcome: 'stale', orderId, change: null };
    }
    await tx
      .update(shipments)
      .set({ courierState: event.courierState, courierStateAt: event.occurredAt, updatedAt: new Date() })
      .where(eq(shipments.id, shipment.id));
    if (!event.state || event.state === order.delivery) return { outcome: 'ignored', orderId, change: null };
    if (!canMove(order.delivery, event.state)) return { outcome: 'stale', orderId, change: null };
    try {
      // A savepoint: a move the order refuses (a size still to choose) leaves the event stored, unapplied.
      const change = await tx.transaction((savepoint) =>
        delivery.moveIn(savepoint, order, event.state!, {
          source: 'courier',
          byUserId: null,
          note: event.courierState,
          courierEventId: eventId,
          cashCollectedPiastres: event.cashCollected === null ? null : Math.round(event.cashCollected * 100),
        }),
      );
      return { outcome: 'applied', orderId, change };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return { outcome: `refused: ${error.message}`, orderId, change: null };
    }
  }
}

export type BostaShipping = ReturnType<typeof createBostaShipping>;
