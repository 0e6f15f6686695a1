import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { OWNER_CANCELLABLE_STATUSES, SHIPPING_FEES, type City, type OrderStatus } from '@/shared/constants';
import { messages } from '@/shared/messages';
import { toEgp, toPiastres } from '@/shared/money';
import {
  AddressOnlySchema,
  addressLine,
  cityFromAddress,
  OrderBasicsSchema,
  ShippingSchema,
} from '@/shared/schemas/checkout';
import type { OrderDto } from '@/shared/schemas/order';
import { invalidateCatalogCache } from '../catalog/cache';
import { clearLines, cartLinesWithProducts, ensureCartId, findCart, lockCart } from '../cart/queries';
import type { Db } from '../db/client';
import type { OrderLineRow } from '../db/schema';
import { AppError } from '../errors';
import { storePaymentProof } from '../images/pipeline';
import type { SessionUser } from '../plugins/auth-guard';
import { returnStock, stockConflict, takeStock } from '../stock/stock';
import type { ObjectStore } from '../storage/types';
import { orderDto, type ProofLinkSigner } from './dto';
import type { OrderEvents } from './events';
import {
  adminOrderPage,
  cartQuantities,
  categoryNames,
  findIdempotentOrderId,
  findOrder,
  insertOrder,
  insertOrderLines,
  linesOfOrders,
  lockOrder,
  ordersOfUser,
  rememberIdempotencyKey,
  setOrderStatus,
  type AdminOrderFilter,
  type OrderWithCustomer,
} from './queries';

export interface OrderDeps {
  db: Db;
  store: ObjectStore;
  signProofLink: ProofLinkSigner;
  events: OrderEvents;
}

export interface PlaceOrderInput {
  /** The multipart form's text fields. */
  fields: Record<string, string>;
  /** The payment proof's bytes, when a file came. */
  proof: Buffer | null;
  /** The `Idempotency-Key` header, when sent. */
  idempotencyKey: string | undefined;
}

const MAX_IDEMPOTENCY_KEY_LENGTH = 200;

function parseOrFail<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new AppError('BAD_REQUEST', parsed.error.issues[0]?.message ?? messages.errors.badRequest);
  }
  return parsed.data;
}

interface ShippingAddress {
  name: string;
  phone: string;
  address: string;
  street: string;
  building: string;
  floor: string;
  apartment: string;
  landmark: string;
  area: string;
  city: City;
}

/**
 * Nour's checkout sends the structured fields and a city, checked with the form's own rules; a client
 * of SPEC §7 sends only `address`, and its city is read from that text (DESIGN §2).
 */
function parseShipping(fields: Record<string, string>): ShippingAddress {
  const structured = ['street', 'building', 'floor', 'apartment', 'area', 'city'].some(
    (name) => fields[name] !== undefined && fields[name] !== '',
  );
  if (structured) {
    const shipping = parseOrFail(ShippingSchema, fields);
    return { ...shipping, address: addressLine(shipping) };
  }
  const { name, phone, address } = parseOrFail(AddressOnlySchema, fields);
  return {
    name,
    phone,
    address,
    street: '',
    building: '',
    floor: '',
    apartment: '',
    landmark: '',
    area: '',
    city: cityFromAddress(address),
  };
}

/** The image code's answers that the checkout form words its own way (SPEC §5). */
const CHECKOUT_WORDS = new Map<string, string>([
  [messages.admin.notAnImage, messages.orders.imageFileRule],
  [messages.admin.imageTooLarge, messages.orders.fileSizeRule],
]);

/** An upload error of the image code, in the checkout form's words; anything else as it is. */
export function inCheckoutWords(error: unknown): unknown {
  const words = error instanceof AppError ? CHECKOUT_WORDS.get(error.message) : undefined;
  return words && error instanceof AppError ? new AppError(error.code, words) : error;
}

async function storeProof(store: ObjectStore, buffer: Buffer): Promise<string> {
  try {
    return await storePaymentProof(store, buffer);
  } catch (error) {
    throw inCheckoutWords(error);
  }
}

/**
 * Line ids sorted before they are handed out in the cart's order: lines are read back by id, so the
 * order shows its products in the order the shopper added them without a position column.
 */
function ascendingIds(n: number): string[] {
  return Array.from({ length: n }, () => randomUUID()).sort();
}

export function createOrderService({ db, store, signProofLink, events }: OrderDeps) {
  async function toDtos(rows: OrderWithCustomer[]): Promise<OrderDto[]> {
    const lines = await linesOfOrders(
      db,
      rows.map((row) => row.order.id),
    );
    const byOrder = new Map<string, OrderLineRow[]>();
    for (const line of lines) {
      const list = byOrder.get(line.orderId) ?? [];
      list.push(line);
      byOrder.set(line.orderId, list);
    }
    return rows.map((row) => orderDto(store, signProofLink, row, byOrder.get(row.order.id) ?? []));
  }

  async function loadOrder(orderId: string): Promise<OrderDto> {
    const row = await findOrder(db, orderId);
    if (!row) throw new AppError('NOT_FOUND', messages.orders.orderNotFoundAnswer);
    const [dto] = await toDtos([row]);
    return dto!;
  }

  function assertShopper(user: SessionUser): void {
    if (user.role === 'admin') throw new AppError('FORBIDDEN', messages.cart.cartNotAvailableForAdmins);
  }

  async function placeNew(
    user: SessionUser,
    input: PlaceOrderInput,
    key: string | undefined,
  ): Promise<{ order: OrderDto; created: boolean }> {
    const basics = parseOrFail(OrderBasicsSchema, input.fields);
    const shipping = parseShipping(input.fields);
    const cartId = basics.cartId ?? (await ensureCartId(db, user.id));
    const cart = await findCart(db, cartId);
    if (!cart) throw new AppError('NOT_FOUND', messages.orders.cartNotFound);
    if (cart.userId !== user.id) throw new AppError('FORBIDDEN', messages.orders.notYourCart);
    // Checked again under the lock; this early answer spares an empty cart the proof's upload.
    if ((await cartLinesWithProducts(db, cartId)).length === 0) {
      throw new AppError('BAD_REQUEST', messages.orders.cartIsEmpty);
    }
    if (basics.paymentType === 'instapay' && !input.proof) {
      throw new AppError('BAD_REQUEST', messages.orders.proofRequired);
    }

    // Image work never runs inside a transaction: PGlite holds every other one while it waits.
    const proofKey = input.proof ? await storeProof(store, input.proof) : null;
    let result: { orderId: string; created: boolean; grandTotalPiastres: number };
    try {
      result = await db.transaction(async (tx) => {
        // Two submits of one cart (a double click) queue here; the second then finds it empty.
        await lockCart(tx, cartId);
        if (key) {
          const earlier = await findIdempotentOrderId(tx, user.id, key);
          if (earlier) return { orderId: earlier, created: false, grandTotalPiastres: 0 };
        }
        const lines = await cartQuantities(tx, cartId);
        if (lines.length === 0) throw new AppError('BAD_REQUEST', messages.orders.cartIsEmpty);

        const sold = await takeStock(tx, lines);
        const categoryIds = [...sold.values()].flatMap((p) => (p.categoryId ? [p.categoryId] : []));
        const categoryOf = await categoryNames(tx, [...new Set(categoryIds)]);

        const snapshots = lines.map((line) => {
          const product = sold.get(line.productId)!;
          return {
            productId: product.id,
            name: product.name,
            slug: product.slug,
            categoryName: (product.categoryId && categoryOf.get(product.categoryId)) || '',
            image: product.defaultImage,
            unitPricePiastres: product.finalPricePiastres,
            quantity: line.quantity,
          };
        });
        const totalPiastres = snapshots.reduce((sum, l) => sum + l.unitPricePiastres * l.quantity, 0);
        const shippingFeePiastres = toPiastres(SHIPPING_FEES[shipping.city]);
        const grandTotalPiastres = totalPiastres + shippingFeePiastres;

        const orderId = await insertOrder(tx, {
          userId: user.id,
          ...shipping,
          paymentType: basics.paymentType,
          paymentImageKey: proofKey,
          totalPiastres,
          shippingFeePiastres,
          grandTotalPiastres,
        });
        const lineIds = ascendingIds(snapshots.length);
        await insertOrderLines(
          tx,
          snapshots.map((snapshot, i) => ({ ...snapshot, id: lineIds[i], orderId })),
        );
        if (key) await rememberIdempotencyKey(tx, user.id, key, orderId);
        await clearLines(tx, cartId);
        return { orderId, created: true, grandTotalPiastres };
      });
    } catch (error) {
      if (proofKey) await store.delete(proofKey).catch(() => undefined);
      throw error;
    }

    if (!result.created) {
      if (proofKey) await store.delete(proofKey).catch(() => undefined);
      return { order: await loadOrder(result.orderId), created: false };
    }
    invalidateCatalogCache();
    events.emit('placed', {
      orderId: result.orderId,
      userId: user.id,
      grandTotal: toEgp(result.grandTotalPiastres),
    });
    return { order: await loadOrder(result.orderId), created: true };
  }

  return {
    /**
     * Places an order from the caller's cart: everything that can fail slowly (reading the proof) comes
     * first, then one short transaction takes the stock, stores the order and empties the cart, or does
     * none of it. Answers `created: false` when an `Idempotency-Key` already placed this order.
     */
    async place(user: SessionUser, input: PlaceOrderInput): Promise<{ order: OrderDto; created: boolean }> {
      assertShopper(user);
      const key = input.idempotencyKey;
      if (key !== undefined && (key.trim() === '' || key.length > MAX_IDEMPOTENCY_KEY_LENGTH)) {
        throw new AppError('BAD_REQUEST', messages.orders.idempotencyKeyRule);
      }
      if (key) {
        const earlier = await findIdempotentOrderId(db, user.id, key);
        if (earlier) return { order: await loadOrder(earlier), created: false };
      }

      try {
        return await placeNew(user, input, key);
      } catch (error) {
        // The same key sent twice at once: the other request placed the order while this one ran (and
        // found the cart empty, or lost the race for the key): the answer is that first order.
        if (key) {
          const earlier = await findIdempotentOrderId(db, user.id, key);
          if (earlier) return { order: await loadOrder(earlier), created: false };
        }
        throw error;
      }
    },

    async mine(user: SessionUser): Promise<OrderDto[]> {
      return toDtos(await ordersOfUser(db, user.id));
    },

    /** The owner or an admin; anyone else learns only that it is not theirs. */
    async get(user: SessionUser, orderId: string): Promise<OrderDto> {
      const row = await findOrder(db, orderId);
      if (!row) throw new AppError('NOT_FOUND', messages.orders.orderNotFoundAnswer);
      if (user.role !== 'admin' && row.order.userId !== user.id) {
        throw new AppError('FORBIDDEN', messages.orders.notYourOrder);
      }
      const [dto] = await toDtos([row]);
      return dto!;
    },

    async list(filter: AdminOrderFilter & { page?: number | undefined; limit: number }) {
      const page = filter.page ?? 1;
      const { rows, total } = await adminOrderPage(db, filter, filter.limit, (page - 1) * filter.limit);
      return {
        results: await toDtos(rows),
        pagination: { page, pages: Math.max(1, Math.ceil(total / filter.limit)), total, limit: filter.limit },
      };
    },

    /**
     * Admins may set any status from any status (SPEC §4 reading b); the owner may only cancel, and only
     * while pending or confirmed (reading a). Cancelling returns the stock; leaving cancelled takes it
     * again, in the same transaction as the status, or fails with 409 when it is gone.
     */
    async changeStatus(user: SessionUser, orderId: string, next: OrderStatus): Promise<OrderDto> {
      const change = await db.transaction(async (tx) => {
        const order = await lockOrder(tx, orderId);
        if (!order) throw new AppError('NOT_FOUND', messages.orders.orderNotFoundAnswer);
        if (user.role !== 'admin') {
          if (order.userId !== user.id) throw new AppError('FORBIDDEN', messages.orders.notYourOrderToChange);
          if (next !== 'cancelled') throw new AppError('FORBIDDEN', messages.orders.ownerMayOnlyCancel);
          if (!OWNER_CANCELLABLE_STATUSES.includes(order.status)) {
            throw new AppError('CONFLICT', messages.orders.cannotCancel);
          }
        }
        const from = order.status;
        if (from === next) return null;

        const lines = await linesOfOrders(tx, [orderId]);
        if (next === 'cancelled') {
          await returnStock(
            tx,
            lines.flatMap((l) => (l.productId ? [{ productId: l.productId, quantity: l.quantity }] : [])),
          );
        } else if (from === 'cancelled') {
          const deleted = lines.find((l) => !l.productId);
          if (deleted) throw stockConflict({ name: deleted.name, available: 0 }, messages.orders.stockGone);
          await takeStock(
            tx,
            lines.map((l) => ({ productId: l.productId!, quantity: l.quantity })),
            { shortageMessage: messages.orders.stockGone },
          );
        }
        await setOrderStatus(tx, orderId, next);
        return { from, userId: order.userId, stockMoved: next === 'cancelled' || from === 'cancelled' };
      });

      if (change) {
        if (change.stockMoved) invalidateCatalogCache();
        events.emit('statusChanged', {
          orderId,
          userId: change.userId,
          from: change.from,
          to: next,
          changedBy: user.id,
        });
      }
      return loadOrder(orderId);
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
