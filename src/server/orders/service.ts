import { randomUUID } from 'node:crypto';
import { OWNER_CANCELLABLE_STATUSES, type OrderStatus } from '@/shared/constants';
import { messages } from '@/shared/messages';
import { toPiastres } from '@/shared/money';
import type { Language } from '@/shared/language';
import { AddressOnlySchema, OrderBasicsSchema, ShippingSchema } from '@/shared/schemas/checkout';
import { formatOrderNumber } from '@/shared/order-number';
import type { OrderDto } from '@/shared/schemas/order';
import { cartLinesWithProducts, ensureCartId, type CartLineWithProduct } from '../cart/queries';
import { lineAvailable, lineUnitPiastres } from '../cart/service';
import type { Db } from '../db/client';
import { INTEGER_COLUMN_MAX, type OrderLineRow } from '../db/schema';
import { AppError } from '../errors';
import type { ShopEvents } from '../events';
import type { Mailer } from '../mail/mailer';
import { parseFormFields } from '../images/multipart';
import { storePaymentProof } from '../images/pipeline';
import { ImageRefused, type ImageRefusal } from '../images/refusals';
import type { SessionUser } from '../plugins/auth-guard';
import {
  assertAvailable,
  productNames,
  returnStock,
  stockConflict,
  stockKey,
  takeLockedStock,
  takeStock,
  variantDisplayName,
  type StockLevel,
} from '../stock/stock';
import type { ObjectStore } from '../storage/types';
import { shippingFeeOf } from '../settings/store';
import { addressLineIn, cityFromAddress } from './address';
import { ordersCsv } from './export';
import { groupByOrder, orderDto, type ProofLinkSigner } from './dto';
import {
  addHistoryEntry,
  adminOrderPage,
  cartForOrder,
  findIdempotentOrderId,
  findOrder,
  historyOfOrders,
  linesOfOrders,
  lockCartForOrder,
  lockCartProducts,
  lockOrder,
  ordersOfUser,
  setOrderStatus,
  setPaymentVerified,
  writeOrder,
  type AdminOrderFilter,
  type OrderWithCustomer,
} from './queries';

export interface OrderDeps {
  db: Db;
  store: ObjectStore;
  signProofLink: ProofLinkSigner;
  events: ShopEvents;
  /** The e-mails an order sends, written in its transaction (issue 15). */
  mail: Pick<Mailer, 'orderPlaced' | 'statusChanged' | 'committed'>;
}

export interface PlaceOrderInput {
  /** The multipart form's text fields. */
  fields: Record<string, string>;
  /** The payment proof's bytes, when a file came. */
  proof: Buffer | null;
  /** The `Idempotency-Key` header, when sent. */
  idempotencyKey: string | undefined;
  /** The language the order is placed in (the request's): the shopper's e-mails about it use it. */
  language: Language;
}

const MAX_IDEMPOTENCY_KEY_LENGTH = 200;

/** The delivery fields of an order, as DESIGN §2's order answer carries them. */
type ShippingAddress = Pick<
  OrderDto,
  'name' | 'phone' | 'address' | 'street' | 'building' | 'floor' | 'apartment' | 'landmark' | 'area' | 'city'
>;

/**
 * Nour's checkout sends the structured fields and a city, checked with the form's own rules, and the
 * order keeps them joined into one line in the language it is placed in; a client of SPEC §7 sends
 * only `address`, which stands as typed, and its city is read from that text (DESIGN §2).
 */
function parseShipping(fields: Record<string, string>, language: Language): ShippingAddress {
  const structured = ['street', 'building', 'floor', 'apartment', 'area', 'city'].some(
    (name) => fields[name] !== undefined && fields[name] !== '',
  );
  if (structured) {
    const shipping = parseFormFields(ShippingSchema, fields);
    return { ...shipping, address: addressLineIn(shipping, language) };
  }
  const { name, phone, address } = parseFormFields(AddressOnlySchema, fields);
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

/** The image code's refusals as the checkout form words them (SPEC §5). */
const CHECKOUT_WORDS: Record<ImageRefusal, string> = {
  notAnImage: messages.orders.imageFileRule,
  tooLarge: messages.orders.fileSizeRule,
};

/** An upload refused by the image code, in the checkout form's words; anything else as it is. */
export function inCheckoutWords(error: unknown): unknown {
  return error instanceof ImageRefused ? new AppError(error.code, CHECKOUT_WORDS[error.refusal]) : error;
}

/**
 * A cart line's stock level, named as the shopper sees it: 'Layla Dress (M / Navy)' for a variant. A
 * line without a variant of a product that has variants since (the owner added sizes after it was put
 * in the cart) cannot be sold: the shopper must choose again.
 */
function lineLevel(line: CartLineWithProduct): StockLevel {
  const [firstOption] = line.productOptions;
  if (line.variantId === null && firstOption) {
    throw new AppError('BAD_REQUEST', messages.cart.chooseOption, { option: firstOption.name });
  }
  const names = productNames(line);
  const name =
    line.variantId === null
      ? names
      : variantDisplayName(names, line.productOptions, line.variantOptions ?? {});
  return { productId: line.productId, name, available: lineAvailable(line) };
}

/**
 * Refuses, before the proof is decoded, a cart that could not be ordered now: empty, or asking more of a
 * product than is on the shelf (the transaction's own answer). Only a soft check outside any lock: the
 * transaction stays the authority, this spares a doomed order the image work.
 */
async function assertOrderable(db: Db, cartId: string): Promise<void> {
  const lines = await cartLinesWithProducts(db, cartId);
  if (lines.length === 0) throw new AppError('BAD_REQUEST', messages.orders.cartIsEmpty);
  for (const line of lines) assertAvailable(lineLevel(line), line.quantity);
}

/** The cart exists and is the caller's: else 404 or 403. */
function assertOwnCart<Cart extends { userId: string }>(
  cart: Cart | null,
  user: SessionUser,
): asserts cart is Cart {
  if (!cart) throw new AppError('NOT_FOUND', messages.orders.cartNotFound);
  if (cart.userId !== user.id) throw new AppError('FORBIDDEN', messages.orders.notYourCart);
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

export function createOrderService({ db, store, signProofLink, events, mail }: OrderDeps) {
  async function toDtos(rows: OrderWithCustomer[]): Promise<OrderDto[]> {
    const ids = rows.map((row) => row.order.id);
    const [lines, history] = await Promise.all([linesOfOrders(db, ids), historyOfOrders(db, ids)]);
    const linesByOrder = groupByOrder(lines);
    const historyByOrder = groupByOrder(history);
    return rows.map((row) =>
      orderDto(
        store,
        signProofLink,
        row,
        linesByOrder.get(row.order.id) ?? [],
        historyByOrder.get(row.order.id) ?? [],
      ),
    );
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
    const basics = parseFormFields(OrderBasicsSchema, input.fields);
    const shipping = parseShipping(input.fields, input.language);
    const cartId = basics.cartId ?? (await ensureCartId(db, user.id));
    // An order with a proof to upload checks its cart first, so a doomed one uploads nothing; the
    // transaction's lock of the cart checks again, and is the only check of a cash order (one
    // statement fewer on the way to the shop's busiest write).
    if (basics.paymentType === 'instapay' || input.proof) {
      const cart = await cartForOrder(db, cartId);
      assertOwnCart(cart, user);
      if (!cart.hasLines) throw new AppError('BAD_REQUEST', messages.orders.cartIsEmpty);
      if (!input.proof) throw new AppError('BAD_REQUEST', messages.orders.proofRequired);
    }

    // Image work never runs inside a transaction: PGlite holds every other one while it waits. It runs
    // only for a cart that can be ordered now, so a burst of doomed orders decodes nothing.
    if (input.proof) await assertOrderable(db, cartId);
    const proofKey = input.proof ? await storeProof(store, input.proof) : null;
    type Placed = { created: true; order: OrderDto; productIds: string[] };
    let result: Placed | { created: false; orderId: string };
    try {
      // As few statements as it can: PGlite runs one transaction at a time, so every round trip here
      // holds the queue (about a millisecond each there, measured: issue 18).
      result = await db.transaction(async (tx): Promise<typeof result> => {
        const locked = await lockCartForOrder(tx, { cartId, userId: user.id, key, city: shipping.city });
        assertOwnCart(locked, user);
        if (locked.earlierOrderId) return { created: false, orderId: locked.earlierOrderId };
        const products = await lockCartProducts(tx, cartId);
        if (products.length === 0) throw new AppError('BAD_REQUEST', messages.orders.cartIsEmpty);

        await takeLockedStock(tx, products, new Map(products.map((p) => [stockKey(p), lineLevel(p)])));

        const inCartOrder = [...products].sort(
          (a, b) => a.position - b.position || (a.lineId < b.lineId ? -1 : a.lineId > b.lineId ? 1 : 0),
        );
        const orderId = randomUUID();
        const lineIds = ascendingIds(inCartOrder.length);
        const lines = inCartOrder.map((line, i) => ({
          id: lineIds[i]!,
          orderId,
          productId: line.productId,
          name: line.name,
          nameAr: line.nameAr,
          slug: line.slug,
          categoryName: line.categoryName ?? '',
          categoryNameAr: line.categoryNameAr ?? '',
          image: line.defaultImage,
          unitPricePiastres: lineUnitPiastres(line),
          quantity: line.quantity,
          variantId: line.variantId,
          // Kept for good: the owner may rename or remove the variant later.
          variant:
            line.variantId === null
              ? null
              : { sku: line.variantSku ?? '', options: line.variantOptions ?? {} },
        }));
        const totalPiastres = lines.reduce((sum, l) => sum + l.unitPricePiastres * l.quantity, 0);
        // The fee the settings say now, kept on the order: a later change of fees leaves it be.
        const shippingFeePiastres = toPiastres(shippingFeeOf(locked.shippingFee, shipping.city));
        // Money columns are PostgreSQL integers: a total past them is refused, not a failed insert (a 500).
        if (totalPiastres + shippingFeePiastres > INTEGER_COLUMN_MAX) {
          throw new AppError('BAD_REQUEST', messages.orders.orderTooLarge);
        }
        const values = {
          id: orderId,
          userId: user.id,
          ...shipping,
          paymentType: basics.paymentType,
          paymentImageKey: proofKey,
          totalPiastres,
          shippingFeePiastres,
          grandTotalPiastres: totalPiastres + shippingFeePiastres,
          language: input.language,
        };
        const written = await writeOrder(tx, { order: values, lines, idempotencyKey: key, cartId });
        const order = {
          ...values,
          ...written,
          status: 'pending' as const,
          updatedAt: written.createdAt,
          paymentVerifiedAt: null,
          paymentVerifiedBy: null,
        };
        const customer = { id: user.id, username: user.username, email: user.email };
        const placement = {
          status: 'pending' as const,
          at: written.createdAt,
          by: { id: user.id, username: user.username },
          note: null,
        };
        // Answered from what the transaction wrote, not read back; the proof's link is signed only now.
        const dto = orderDto(store, signProofLink, { order, customer, verifier: null }, lines, [placement]);
        await mail.orderPlaced(tx, dto, input.language);
        return { created: true, order: dto, productIds: [...new Set(lines.map((line) => line.productId))] };
      });
    } catch (error) {
      if (proofKey) await store.delete(proofKey).catch(() => undefined);
      throw error;
    }

    if (!result.created) {
      if (proofKey) await store.delete(proofKey).catch(() => undefined);
      return { order: await loadOrder(result.orderId), created: false };
    }
    mail.committed();
    const { order, productIds } = result;
    events.emit('orderPlaced', {
      orderId: order.id,
      userId: user.id,
      grandTotal: order.grandTotal,
      productIds,
    });
    return { order, created: true };
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
    async changeStatus(
      user: SessionUser,
      orderId: string,
      next: OrderStatus,
      note: string | null = null,
    ): Promise<OrderDto> {
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
        // A line whose product, or whose variant, was deleted since has no shelf any more.
        const gone = (l: OrderLineRow) => !l.productId || (l.variant !== null && !l.variantId);
        if (next === 'cancelled') {
          await returnStock(
            tx,
            lines.flatMap((l) =>
              gone(l) ? [] : [{ productId: l.productId!, variantId: l.variantId, quantity: l.quantity }],
            ),
          );
        } else if (from === 'cancelled') {
          const deleted = lines.find(gone);
          if (deleted) {
            // Named as the order keeps it: the product may be gone.
            const names = productNames(deleted);
            const name = deleted.variant ? variantDisplayName(names, [], deleted.variant.options) : names;
            throw stockConflict({ name, available: 0 }, messages.orders.stockGone);
          }
          await takeStock(
            tx,
            lines.map((l) => ({ productId: l.productId!, variantId: l.variantId, quantity: l.quantity })),
            { shortageMessage: messages.orders.stockGone },
          );
        }
        await setOrderStatus(tx, orderId, next);
        await addHistoryEntry(tx, { orderId, status: next, byUserId: user.id, note });
        await mail.statusChanged(tx, {
          orderId,
          number: formatOrderNumber(order.number),
          status: next,
          customer: { email: order.customerEmail, name: order.name },
          language: order.language,
          note,
        });
        return { from, userId: order.userId, stockMoved: next === 'cancelled' || from === 'cancelled' };
      });

      if (change) {
        mail.committed();
        events.emit('orderStatusChanged', {
          orderId,
          userId: change.userId,
          from: change.from,
          to: next,
          changedBy: user.id,
          stockMoved: change.stockMoved,
        });
      }
      return loadOrder(orderId);
    },

    /** The filtered orders as a CSV stream (./export.ts). */
    exportCsv(filter: AdminOrderFilter, onError: (error: Error) => void) {
      return ordersCsv(db, filter, onError);
    },

    /** Records (or, `verified: false`, clears) who marked the payment received and when; admins only, by route. */
    async setPaymentVerified(user: SessionUser, orderId: string, verified: boolean): Promise<OrderDto> {
      const found = await setPaymentVerified(db, orderId, verified ? user.id : null);
      if (!found) throw new AppError('NOT_FOUND', messages.orders.orderNotFoundAnswer);
      return loadOrder(orderId);
    },
  };
}
