import { eq } from 'drizzle-orm';
import { notConfirmedYet } from '../confirmation/rules';
import type { z } from 'zod';
import { canMove } from '@/shared/delivery';
import { messages } from '@/shared/messages';
import type { BulkDeliveryMoveSchema, DeliveryMove, DeliveryMoveInput } from '@/shared/schemas/delivery';
import type { OrderDto } from '@/shared/schemas/order';
import { toEgp } from '@/shared/money';
import { formatOrderNumber } from '@/shared/order-number';
import type { Translator } from '@/shared/translate';
import type { Db, Tx } from '../db/client';
import { shipments } from '../db/schema';
import { AppError } from '../errors';
import type { Mailer } from '../mail/mailer';
import type { SessionUser } from '../plugins/auth-guard';
import { lockOrder, type LockedOrder } from '../orders/queries';
import type { OrderService, StatusChange } from '../orders/service';
import { lockShipment, recordDelivery } from './queries';

/** Why an order cannot go from `from` to `to`, in the owner's words (409). */
function refusal(order: LockedOrder, to: DeliveryMove): AppError {
  const from = order.delivery;
  const s = messages.shipping;
  if (to === 'shipped') {
    return new AppError('CONFLICT', from === 'notShipped' ? s.notShippable : s.alreadyShipped);
  }
  if (from === 'notShipped') return new AppError('CONFLICT', s.notShippedYet);
  if (from === 'delivered') return new AppError('CONFLICT', s.alreadyDelivered);
  const names = messages.delivery.deliveryStates;
  return new AppError('CONFLICT', s.cannotMove, {
    from: { template: names[from] },
    to: { template: names[to] },
  });
}

/** Who moves the order and what comes with the move: a staff member's tracking number, a courier's cash. */
export interface MoveDetails {
  source: 'staff' | 'courier';
  byUserId: string | null;
  note: string | null;
  courierEventId?: string | null;
  trackingNumber?: string | null;
  trackingUrl?: string | null;
  /** What the courier reported collected; left out, the cash the shipment was to collect. */
  cashCollectedPiastres?: number | null;
}

export type DeliveryService = ReturnType<typeof createDeliveryService>;

export interface DeliveryDeps {
  db: Db;
  orders: OrderService;
  /** The shopper's e-mail when her parcel leaves (issue 36), written in the move's transaction. */
  mail: Pick<Mailer, 'shipped' | 'committed'>;
}

export function createDeliveryService({ db, orders, mail }: DeliveryDeps) {
  /**
   * Moves the locked order's road to `to` in the caller's transaction, with what the move means for
   * the rest of the order: shipping confirms a pending order (its sizes chosen first); delivered
   * completes it and records the cash collected; refused or returned cancels it, and so returns its
   * stock, once (a second piece of news finds it cancelled already). Throws 409 for a move the road
   * does not allow. Answers the status change to announce once committed.
   */
  async function moveIn(
    tx: Tx,
    order: LockedOrder,
    to: DeliveryMove,
    details: MoveDetails,
  ): Promise<StatusChange | null> {
    if (!canMove(order.delivery, to)) throw refusal(order, to);
    const by = { userId: details.byUserId, note: details.note };
    let change: StatusChange | null = null;
    const shipment = await lockShipment(tx, order.id);

    if (to === 'shipped') {
      if (order.status !== 'pending' && order.status !== 'confirmed') throw refusal(order, to);
      // Issue 37: an order awaiting the customer's word does not leave before she gives it.
      if (order.awaitsConfirmation) throw notConfirmedYet(order);
      if (order.status === 'pending') {
        change = await orders.changeStatusIn(tx, order, 'confirmed', { ...by, mail: false });
      }
      const tracking = {
        trackingNumber: details.trackingNumber ?? shipment?.trackingNumber ?? null,
        trackingUrl: details.trackingUrl ?? shipment?.trackingUrl ?? null,
      };
      await mail.shipped(tx, {
        orderId: order.id,
        number: formatOrderNumber(order.number),
        customer: { email: order.customerEmail, name: order.name },
        phone: order.phone,
        ...tracking,
        cashToCollect: toEgp(shipment?.cashToCollectPiastres ?? cashToCollect(order)),
        note: details.note,
        language: order.language,
      });
      if (shipment) {
        await tx
          .update(shipments)
          .set({ ...tracking, updatedAt: new Date() })
          .where(eq(shipments.id, shipment.id));
      } else {
        await tx.insert(shipments).values({
          orderId: order.id,
          courier: 'manual',
          request: 'created',
          ...tracking,
          cashToCollectPiastres: cashToCollect(order),
        });
      }
    } else if (to === 'delivered') {
      // A parcel the owner cancelled meanwhile stays cancelled: the owner sorts it out by hand.
      if (order.status !== 'completed' && order.status !== 'cancelled') {
        change = await orders.changeStatusIn(tx, order, 'completed', by);
      }
      if (shipment && shipment.cashCollectedPiastres === null) {
        const collected = details.cashCollectedPiastres ?? shipment.cashToCollectPiastres;
        await tx
          .update(shipments)
          .set({ cashCollectedPiastres: collected, collectedAt: new Date(), updatedAt: new Date() })
          .where(eq(shipments.id, shipment.id));
      }
    } else if (order.status !== 'cancelled') {
      change = await orders.changeStatusIn(tx, order, 'cancelled', by);
    }

    await recordDelivery(tx, {
      orderId: order.id,
      state: to,
      source: details.source,
      byUserId: details.byUserId,
      note: details.note,
      courierEventId: details.courierEventId ?? null,
    });
    return change;
  }

  /** One order moved by a staff member, in a transaction of its own. */
  async function move(user: SessionUser, orderId: string, input: DeliveryMoveInput): Promise<OrderDto> {
    const change = await db.transaction(async (tx) => {
      const order = await lockOrder(tx, orderId);
      if (!order) throw new AppError('NOT_FOUND', messages.orders.orderNotFoundAnswer);
      return moveIn(tx, order, input.state, {
        source: 'staff',
        byUserId: user.id,
        note: input.note ?? null,
        trackingNumber: input.trackingNumber ?? null,
        trackingUrl: input.trackingUrl ?? null,
      });
    });
    afterMove(change);
    return orders.load(orderId);
  }

  /** Once a move committed: its e-mails go, and a status change is announced. */
  function afterMove(change: StatusChange | null): void {
    if (change) orders.announceStatusChange(change);
    else mail.committed();
  }

  return {
    moveIn,
    afterMove,
    move,

    /**
     * The same move for each order chosen on the desk, each in its own transaction: one refused (its
     * reason in its result) leaves the others moved.
     */
    async moveMany(
      user: SessionUser,
      input: z.infer<typeof BulkDeliveryMoveSchema>,
      translator: Translator,
    ): Promise<BulkResult[]> {
      return eachOrder(input.orderIds, translator, async (orderId) => {
        await move(user, orderId, { state: input.state, note: input.note });
        return messages.shipping.moved[input.state];
      });
    },
  };
}

export interface BulkResult {
  orderId: string;
  ok: boolean;
  message: string;
}

/**
 * `act` for each order (once each), each on its own: one refused (its reason, in the caller's
 * language, in its result) leaves the others done. Anything but a refusal is a fault, and thrown.
 */
export async function eachOrder(
  orderIds: string[],
  translator: Translator,
  act: (orderId: string) => Promise<string>,
): Promise<BulkResult[]> {
  const results: BulkResult[] = [];
  for (const orderId of new Set(orderIds)) {
    try {
      results.push({ orderId, ok: true, message: translator.text(await act(orderId)) });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({ orderId, ok: false, message: error.saidIn(translator) });
    }
  }
  return results;
}

/** What the courier is to collect at the door: the whole grand total of a cash order, nothing of a paid one. */
export function cashToCollect(order: Pick<LockedOrder, 'paymentType' | 'grandTotalPiastres'>): number {
  return order.paymentType === 'cash' ? order.grandTotalPiastres : 0;
}
