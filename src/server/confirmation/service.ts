import { eq } from 'drizzle-orm';
import { cityOfGovernorate } from '@/shared/governorates';
import { customerPhoneKey } from '@/shared/customer-phone';
import { messages } from '@/shared/messages';
import type { AddressChange, ContactInput, CustomerDto, CustomerPatch } from '@/shared/schemas/confirmation';
import type { OrderDto } from '@/shared/schemas/order';
import type { ShopSettings } from '@/shared/schemas/settings';
import { whatsappDigits } from '@/shared/whatsapp';
import type { Db, DbOrTx, Tx } from '../db/client';
import { orders, whatsappEvents } from '../db/schema';
import { chargeFor } from '../delivery/zones';
import { AppError } from '../errors';
import type { ShopEvents } from '../events';
import type { ClaimedJob } from '../jobs/queue';
import { addressLineIn } from '../orders/address';
import { addHistoryEntry, lockOrder, type LockedOrder } from '../orders/queries';
import type { OrderService, StatusChange } from '../orders/service';
import { translatorIn } from '../plugins/language';
import type { SessionUser } from '../plugins/auth-guard';
import { zonesOf } from '../settings/store';
import { customerPage, findCustomer, saveCustomer } from '../customers/records';
import { markWhatsAppFailed, markWhatsAppSent } from '../whatsapp/outbox';
import { CANCEL_PAYLOAD, readReplyPayload } from '../whatsapp/messages';
import { parseWebhook, type WhatsAppReply, type WhatsAppStatus } from '../whatsapp/webhook';
import { addContact } from './queries';

const m = messages.confirmation;

export interface ConfirmationDeps {
  db: Db;
  orders: OrderService;
  settings: { current(tx?: DbOrTx): Promise<{ settings: ShopSettings }> };
  events: ShopEvents;
  /** Whether the shop's own WhatsApp messages asked for the confirmation (else the owner calls). */
  whatsappConfigured: boolean;
  /** What tells the time of a deadline (tests move it). */
  clock?: () => number;
}

/** What a WhatsApp event did, as `whatsapp_events.outcome` keeps it. */
type EventOutcome =
  'confirmed' | 'cancelled' | 'late' | 'wrongNumber' | 'unknownOrder' | 'ignored' | 'marked' | 'failed';

const stillAwaiting = (order: LockedOrder) => order.awaitsConfirmation && order.status === 'pending';

/**
 * Confirming cash orders before they ship (issue 37): the owner's log of calls and messages, her
 * WhatsApp replies, the no-answer cancellation at the deadline, the changes made while an order awaits
 * (its address; a line's size or colour is the order service's `setLineVariant`), and the customer
 * list with its notes and blocks.
 */
export function createConfirmationService(deps: ConfirmationDeps) {
  const { db, orders: orderService } = deps;
  const clock = deps.clock ?? Date.now;

  async function locked(tx: Tx, orderId: string): Promise<LockedOrder> {
    const order = await lockOrder(tx, orderId);
    if (!order) throw new AppError('NOT_FOUND', messages.orders.orderNotFoundAnswer);
    return order;
  }

  /** Runs `work` in a transaction, then announces the status change it made, if any. */
  async function changing(work: (tx: Tx) => Promise<StatusChange | null>): Promise<void> {
    const change = await db.transaction(work);
    if (change) orderService.announceStatusChange(change);
  }

  async function handleReply(reply: WhatsAppReply, rawBody: string): Promise<EventOutcome | 'replay'> {
    let outcome: EventOutcome = 'ignored';
    let change: StatusChange | null = null;
    const replayed = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(whatsappEvents)
        .values({ eventKey: `reply:${reply.messageId}`, body: rawBody, outcome: 'received' })
        .onConflictDoNothing({ target: whatsappEvents.eventKey })
        .returning({ id: whatsappEvents.id });
      if (!row) return true;
      const answer = reply.payload ? readReplyPayload(reply.payload) : null;
      const order = answer ? await lockOrder(tx, answer.orderId) : null;
      if (!answer) outcome = 'ignored';
      else if (!order) outcome = 'unknownOrder';
      // Only the order's own number may answer for it: a forwarded message tapped by someone else is not hers.
      else if (whatsappDigits(order.phone) !== reply.from) outcome = 'wrongNumber';
      else if (!stillAwaiting(order)) outcome = 'late';
      else {
        const cancelled = answer.answer === CANCEL_PAYLOAD;
        await addContact(tx, {
          orderId: order.id,
          channel: 'whatsapp',
          outcome: cancelled ? 'cancelled' : 'confirmed',
          source: 'customer',
          byUserId: null,
          note: reply.text,
        });
        const say = translatorIn(order.language);
        change = await orderService.changeStatusIn(tx, order, cancelled ? 'cancelled' : 'confirmed', {
          userId: null,
          note: say.text(cancelled ? m.historyRepliedCancel : m.historyRepliedConfirm),
        });
        outcome = cancelled ? 'cancelled' : 'confirmed';
      }
      await tx
        .update(whatsappEvents)
        .set({ outcome, orderId: order?.id ?? null })
        .where(eq(whatsappEvents.id, row.id));
      return false;
    });
    if (change) orderService.announceStatusChange(change);
    return replayed ? 'replay' : outcome;
  }

  /** Meta's word on a message we sent: it marks the outbox's row sent (after a crash too) or failed. */
  async function handleStatus(status: WhatsAppStatus, rawBody: string): Promise<EventOutcome | 'replay'> {
    const [row] = await db
      .insert(whatsappEvents)
      .values({
        eventKey: `status:${status.messageId}:${status.status}`,
        body: rawBody,
        outcome: status.status === 'failed' ? 'failed' : 'marked',
      })
      .onConflictDoNothing({ target: whatsappEvents.eventKey })
      .returning({ id: whatsappEvents.id });
    if (!row) return 'replay';
    if (!status.callbackData) return 'ignored';
    if (status.status === 'failed') {
      await markWhatsAppFailed(db, status.callbackData, status.error ?? status.status, status.at);
      return 'failed';
    }
    await markWhatsAppSent(db, status.callbackData, status.messageId, status.at);
    return 'marked';
  }

  return {
    /**
     * Logs a call or a message about an order and what came of it, while the order is pending or
     * confirmed: 'confirmed' confirms a pending order, 'cancelled' cancels it (its stock returned).
     */
    async logContact(user: SessionUser, orderId: string, input: ContactInput): Promise<OrderDto> {
      await changing(async (tx) => {
        const order = await locked(tx, orderId);
        if (order.status !== 'pending' && order.status !== 'confirmed') {
          throw new AppError('CONFLICT', m.contactOnlyWhileOpen);
        }
        const note = input.note?.trim() || null;
        await addContact(tx, { orderId, ...input, note, source: 'staff', byUserId: user.id });
        if (input.outcome === 'confirmed' && order.status === 'pending') {
          return orderService.changeStatusIn(tx, order, 'confirmed', { userId: user.id, note });
        }
        if (input.outcome === 'cancelled') {
          return orderService.changeStatusIn(tx, order, 'cancelled', { userId: user.id, note });
        }
        return null;
      });
      return orderService.load(orderId);
    },

    /**
     * The address she gave when she confirmed, while the order awaits: joined in the order's language,
     * its fees those of the new governorate's zone as the settings say now; the change in the history.
     */
    async changeAddress(user: SessionUser, orderId: string, change: AddressChange): Promise<OrderDto> {
      const { settings } = await deps.settings.current();
      await db.transaction(async (tx) => {
        const order = await locked(tx, orderId);
        if (!stillAwaiting(order)) throw new AppError('CONFLICT', m.changeOnlyWhileAwaiting);
        const charge = chargeFor(
          zonesOf(settings.deliveryZones),
          { governorate: change.governorate },
          order.totalPiastres,
          order.paymentType,
        );
        const fields = {
          street: change.street,
          building: change.building,
          floor: change.floor,
          apartment: change.apartment,
          landmark: change.landmark ?? '',
          area: change.area,
          city: cityOfGovernorate(change.governorate),
        };
        const address = addressLineIn({ ...fields, governorate: change.governorate }, order.language);
        await tx
          .update(orders)
          .set({
            ...fields,
            address,
            governorate: charge.governorate,
            deliveryZoneId: charge.zone.id,
            deliveryZoneName: charge.zone.name,
            shippingFeePiastres: charge.shippingFeePiastres,
            cashOnDeliveryFeePiastres: charge.cashOnDeliveryFeePiastres,
            grandTotalPiastres:
              order.totalPiastres + charge.shippingFeePiastres + charge.cashOnDeliveryFeePiastres,
            updatedAt: new Date(),
          })
          .where(eq(orders.id, orderId));
        await addHistoryEntry(tx, {
          orderId,
          status: order.status,
          byUserId: user.id,
          note: translatorIn(order.language).phrase({
            template: m.historyAddressChanged,
            values: { address },
          }),
        });
      });
      return orderService.load(orderId);
    },

    /**
     * The no-answer deadline of an order (its job, queued when it was placed): still unconfirmed, it is
     * cancelled, its stock returned once, the customer told; confirmed or cancelled meanwhile, nothing.
     */
    async runNoAnswer(job: ClaimedJob): Promise<void> {
      const orderId = String(job.payload.orderId);
      const { settings } = await deps.settings.current();
      await changing(async (tx) => {
        const order = await lockOrder(tx, orderId);
        if (!order || !stillAwaiting(order)) return null;
        if (order.confirmBy && order.confirmBy.getTime() > clock()) return null;
        const note = translatorIn(order.language).phrase({
          template: m.historyNoAnswer,
          values: { hours: settings.confirmation.noAnswerHours },
        });
        await addContact(tx, {
          orderId,
          channel: deps.whatsappConfigured ? 'whatsapp' : 'phone',
          outcome: 'noAnswer',
          source: 'shop',
          byUserId: null,
          note,
        });
        return orderService.changeStatusIn(tx, order, 'cancelled', { userId: null, note });
      });
    },

    /**
     * A webhook body Meta signed (the route checked it): each customer's reply and each status, once
     * (a replay finds its event and changes nothing). Answers what each did, in order.
     */
    async receiveWebhook(rawBody: string): Promise<Array<EventOutcome | 'replay'>> {
      const outcomes: Array<EventOutcome | 'replay'> = [];
      for (const event of parseWebhook(rawBody)) {
        outcomes.push(
          event.kind === 'reply' ? await handleReply(event, rawBody) : await handleStatus(event, rawBody),
        );
      }
      return outcomes;
    },

    async customers(query: { search?: string | undefined; page?: number | undefined; limit: number }) {
      const page = query.page ?? 1;
      const { results, total } = await customerPage(db, {
        search: query.search,
        limit: query.limit,
        offset: (page - 1) * query.limit,
      });
      return {
        results,
        pagination: { page, pages: Math.max(1, Math.ceil(total / query.limit)), total, limit: query.limit },
      };
    },

    async customer(phone: string): Promise<CustomerDto> {
      const found = await findCustomer(db, customerPhoneKey(phone));
      if (!found) throw new AppError('NOT_FOUND', messages.customers.customerNotFound);
      return found;
    },

    async saveCustomer(user: SessionUser, phone: string, patch: CustomerPatch): Promise<CustomerDto> {
      const phoneKey = customerPhoneKey(phone);
      if (!(await findCustomer(db, phoneKey))) {
        throw new AppError('NOT_FOUND', messages.customers.customerNotFound);
      }
      await saveCustomer(db, phoneKey, patch, user.id);
      return (await findCustomer(db, phoneKey))!;
    },
  };
}

export type ConfirmationService = ReturnType<typeof createConfirmationService>;
