import { arabicOptionsOf } from '@/shared/option-texts';
import { randomUUID } from 'node:crypto';
import { OWNER_CANCELLABLE_STATUSES, type BlockMode, type OrderStatus } from '@/shared/constants';
import { messages } from '@/shared/messages';
import type { Language } from '@/shared/language';
import { cityOfGovernorate, type GovernorateCode } from '@/shared/governorates';
import { AddressOnlySchema, OrderBasicsSchema, ShippingSchema } from '@/shared/schemas/checkout';
import { GovernorateSchema } from '@/shared/schemas/delivery';
import { formatOrderNumber } from '@/shared/order-number';
import type { OrderDto } from '@/shared/schemas/order';
import { cartLinesWithProducts, ensureCartId, type CartLineWithProduct } from '../cart/queries';
import { lineAvailable, lineUnitPiastres } from '../cart/service';
import type { Db, DbOrTx, Tx } from '../db/client';
import { INTEGER_COLUMN_MAX, type OrderLineRow } from '../db/schema';
import { AppError } from '../errors';
import type { ShopEventMap, ShopEvents } from '../events';
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
import { zonesOf } from '../settings/store';
import { chargeFor, type Destination } from '../delivery/zones';
import { addressLineIn, cityFromAddress, governorateFromAddress } from './address';
import { ordersCsv } from './export';
import { translatorIn } from '../plugins/language';
import { customerPhoneKey } from '@/shared/customer-phone';
import type { ShopSettings } from '@/shared/schemas/settings';
import type { CustomerRecordDto } from '@/shared/schemas/confirmation';
import { whatsappDigits } from '@/shared/whatsapp';
import { assertMayOrder } from '../customers/checkout-rules';
import { customerCounts, customerRecords } from '../customers/records';
import { contactsOfOrders, whatsappOfOrders } from '../confirmation/queries';
import { awaitsVariant, VARIANT_TO_CONFIRM } from './lines';
import { deliveryHistoryOfOrders, recordDelivery, shipmentsOfOrders } from '../delivery/queries';
import { groupByOrder, orderDto, type ProofLinkSigner } from './dto';
import {
  addHistoryEntry,
  adminOrderPage,
  cartForOrder,
  findIdempotentOrderId,
  findOrder,
  findVariant,
  historyOfOrders,
  linesOfOrders,
  lockCartForOrder,
  lockCartProducts,
  lockOrder,
  ordersOfUser,
  setOrderStatus,
  setLineVariant,
  setPaymentVerified,
  writeOrder,
  type AdminOrderFilter,
  type LockedOrder,
  type OrderWithCustomer,
} from './queries';

/** Who reads an order's answer: the shop (everything) or its shopper (not the shop's own notes). */
type OrderView = 'admin' | 'shopper';

/** A status change made in a transaction, announced once it committed. */
export type StatusChange = ShopEventMap['orderStatusChanged'];

export interface OrderDeps {
  db: Db;
  /** The owner's rules of confirming and prepaying (issue 37), and the shop's WhatsApp number. */
  settings: { current(tx?: DbOrTx): Promise<{ settings: ShopSettings }> };
  /** What tells the time of a confirmation's deadline (tests move it). */
  clock?: () => number;
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

/** A governorate's code as sent, or 400 in the shopper's words. */
function governorateOf(value: string): GovernorateCode {
  const parsed = GovernorateSchema.safeParse(value);
  if (!parsed.success) throw new AppError('BAD_REQUEST', messages.delivery.unknownGovernorate);
  return parsed.data;
}

/**
 * Nour's checkout sends the structured fields and a governorate (issue 36; an older one a city),
 * checked with the form's own rules, and the order keeps them joined into one line in the language it
 * is placed in; a client of SPEC §7 sends only `address`, which stands as typed, and its city and
 * governorate are read from that text (DESIGN §2).
 */
function parseShipping(
  fields: Record<string, string>,
  language: Language,
): { shipping: ShippingAddress; destination: Destination } {
  const structured = ['street', 'building', 'floor', 'apartment', 'area', 'city', 'governorate'].some(
    (name) => fields[name] !== undefined && fields[name] !== '',
  );
  if (structured) {
    const governorate = fields.governorate ? governorateOf(fields.governorate) : null;
    // With a governorate the city is its own (Cairo, Giza, or Outside Cairo and Giza), whatever was sent.
    const withCity = governorate ? { ...fields, city: cityOfGovernorate(governorate) } : fields;
    const shipping = parseFormFields(ShippingSchema, withCity);
    return {
      shipping: { ...shipping, address: addressLineIn({ ...shipping, governorate }, language) },
      destination: governorate ? { governorate } : { governorate: null, city: shipping.city },
    };
  }
  const { name, phone, address } = parseFormFields(AddressOnlySchema, fields);
  const city = cityFromAddress(address);
  const governorate = governorateFromAddress(address, city);
  return {
    shipping: {
      name,
      phone,
      address,
      street: '',
      building: '',
      floor: '',
      apartment: '',
      landmark: '',
      area: '',
      city,
    },
    destination: governorate ? { governorate } : { governorate: null, city },
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
 * line without a variant of a product that has variants (a SPEC §7 client's, issue 35) is held to the
 * product's total: its size is the owner's to confirm.
 */
function lineLevel(line: CartLineWithProduct): StockLevel {
  const names = productNames(line);
  const name =
    line.variantId === null
      ? names
      : variantDisplayName(names, line.productOptions, line.variantOptions ?? {});
  return { productId: line.productId, name, available: lineAvailable(line) };
}

/** A cart line of a product with variants that names none: ordered with its size to confirm. */
function sizeToConfirm(line: CartLineWithProduct): boolean {
  return line.variantId === null && line.productOptions.length > 0;
}

/**
 * Checks, under the products' lock, the lines whose size the owner will confirm: with every other line
 * of their product, no more than the product's total stock. Nothing is taken for them until the owner
 * chooses the variant.
 */
function assertToConfirmAvailable(lines: CartLineWithProduct[]): void {
  const open = lines.filter(sizeToConfirm);
  for (const productId of new Set(open.map((line) => line.productId))) {
    const ofProduct = lines.filter((line) => line.productId === productId);
    const wanted = ofProduct.reduce((sum, line) => sum + line.quantity, 0);
    const first = ofProduct.find(sizeToConfirm)!;
    assertAvailable({ productId, name: productNames(first), available: first.availableItems }, wanted);
  }
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
  assertToConfirmAvailable(lines);
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

export type OrderService = ReturnType<typeof createOrderService>;

export function createOrderService({
  db,
  store,
  signProofLink,
  events,
  mail,
  settings,
  clock = Date.now,
}: OrderDeps) {
  /**
   * The answers of these orders. `view` 'shopper' leaves out what only the shop may read (issue 37):
   * the contacts' notes, the WhatsApp log and the number's record with the owner's note and block.
   */
  async function toDtos(
    rows: OrderWithCustomer[],
    view: OrderView,
    reader: Db | Tx = db,
  ): Promise<OrderDto[]> {
    const ids = rows.map((row) => row.order.id);
    const forShop = view === 'admin';
    const [lines, history, parcels, road, contacts, sent, records] = await Promise.all([
      linesOfOrders(reader, ids),
      historyOfOrders(reader, ids),
      shipmentsOfOrders(reader, ids),
      deliveryHistoryOfOrders(reader, ids),
      forShop ? contactsOfOrders(reader, ids) : [],
      forShop ? whatsappOfOrders(reader, ids) : [],
      forShop
        ? customerRecords(
            reader,
            rows.map((row) => row.order.phoneKey),
          )
        : new Map<string, CustomerRecordDto>(),
    ]);
    const linesByOrder = groupByOrder(lines);
    const historyByOrder = groupByOrder(history);
    const roadByOrder = groupByOrder(road);
    const contactsByOrder = groupByOrder(contacts);
    const sentByOrder = groupByOrder(sent);
    const parcelOf = new Map(parcels.map((parcel) => [parcel.orderId, parcel]));
    return rows.map((row) =>
      orderDto(store, signProofLink, row, {
        lines: linesByOrder.get(row.order.id) ?? [],
        history: historyByOrder.get(row.order.id) ?? [],
        shipment: parcelOf.get(row.order.id) ?? null,
        deliveryHistory: roadByOrder.get(row.order.id) ?? [],
        contacts: contactsByOrder.get(row.order.id) ?? [],
        messages: sentByOrder.get(row.order.id) ?? [],
        record: records.get(row.order.phoneKey) ?? null,
      }),
    );
  }

  /**
   * One order as one moment saw it: its row, lines, parcel and road read in one snapshot, so a courier's
   * answer committed between two of the reads never shows a parcel 'created' on an order 'not shipped'.
   */
  function readOrder(
    orderId: string,
    view: OrderView,
  ): Promise<{ row: OrderWithCustomer; dto: OrderDto } | null> {
    return db.transaction(
      async (tx) => {
        const row = await findOrder(tx, orderId);
        if (!row) return null;
        const [dto] = await toDtos([row], view, tx);
        return { row, dto: dto! };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }

  /** The order as the shop reads it (`view` 'admin', the default of every admin route) or its shopper. */
  async function loadOrder(orderId: string, view: OrderView = 'admin'): Promise<OrderDto> {
    const read = await readOrder(orderId, view);
    if (!read) throw new AppError('NOT_FOUND', messages.orders.orderNotFoundAnswer);
    return read.dto;
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
    const { shipping, destination } = parseShipping(input.fields, input.language);
    const phoneKey = customerPhoneKey(shipping.phone);
    // The number's record and the owner's rules, read before the order's transaction: a block or a
    // prepay rule refuses the order before anything is taken (issue 37).
    const { settings: rules } = await settings.current();
    // The number's orders are counted (a statement of their own) only when a prepay rule reads them;
    // the owner's block comes with the cart's lock, in the order's transaction.
    const prepayOn = rules.prepay.firstOrderOver !== null || rules.prepay.refusalsAtLeast !== null;
    const counted = prepayOn ? await customerCounts(db, phoneKey) : { orders: 0, refused: 0 };
    const shopDigits = rules.whatsapp ? whatsappDigits(rules.whatsapp) : null;
    const mayOrder = (blockMode: BlockMode | null, grandTotalPiastres: number) =>
      assertMayOrder({
        record: { ...counted, blocked: blockMode ? { mode: blockMode } : null },
        paymentType: basics.paymentType,
        grandTotalPiastres,
        prepay: rules.prepay,
        shopChat: shopDigits ? `https://wa.me/${shopDigits}` : null,
      });
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
        const locked = await lockCartForOrder(tx, { cartId, userId: user.id, key, phoneKey });
        assertOwnCart(locked, user);
        if (locked.earlierOrderId) return { created: false, orderId: locked.earlierOrderId };
        const products = await lockCartProducts(tx, cartId);
        if (products.length === 0) throw new AppError('BAD_REQUEST', messages.orders.cartIsEmpty);

        assertToConfirmAvailable(products);
        const taken = products.filter((line) => !sizeToConfirm(line));
        await takeLockedStock(tx, taken, new Map(taken.map((p) => [stockKey(p), lineLevel(p)])));

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
          variant: sizeToConfirm(line)
            ? VARIANT_TO_CONFIRM
            : line.variantId === null
              ? null
              : {
                  sku: line.variantSku ?? '',
                  options: line.variantOptions ?? {},
                  optionsAr: arabicOptionsOf(line.productOptions, line.variantOptions ?? {}),
                },
        }));
        const totalPiastres = lines.reduce((sum, l) => sum + l.unitPricePiastres * l.quantity, 0);
        // The zone's fees as the settings say now, kept on the order: a later change leaves it be.
        const charge = chargeFor(
          zonesOf(locked.deliveryZones),
          destination,
          totalPiastres,
          basics.paymentType,
        );
        const { shippingFeePiastres, cashOnDeliveryFeePiastres } = charge;
        const grandTotalPiastres = totalPiastres + shippingFeePiastres + cashOnDeliveryFeePiastres;
        // Money columns are PostgreSQL integers: a total past them is refused, not a failed insert (a 500).
        if (grandTotalPiastres > INTEGER_COLUMN_MAX) {
          throw new AppError('BAD_REQUEST', messages.orders.orderTooLarge);
        }
        mayOrder(locked.blockMode, grandTotalPiastres);
        // A cash order waits for the customer's word (issue 37, the owner's switch): a WhatsApp
        // message asks for it after the owner's delay, and no answer by then cancels it.
        const awaitsConfirmation = basics.paymentType === 'cash' && rules.confirmation.cashOrders;
        const confirmBy = awaitsConfirmation
          ? new Date(
              clock() + (rules.confirmation.messageDelayHours + rules.confirmation.noAnswerHours) * 3_600_000,
            )
          : null;
        const values = {
          id: orderId,
          userId: user.id,
          ...shipping,
          phoneKey,
          awaitsConfirmation,
          confirmBy,
          governorate: charge.governorate,
          deliveryZoneId: charge.zone.id,
          deliveryZoneName: charge.zone.name,
          paymentType: basics.paymentType,
          paymentImageKey: proofKey,
          totalPiastres,
          shippingFeePiastres,
          cashOnDeliveryFeePiastres,
          grandTotalPiastres,
          language: input.language,
        };
        const written = await writeOrder(tx, { order: values, lines, idempotencyKey: key, cartId });
        const order = {
          ...values,
          ...written,
          status: 'pending' as const,
          delivery: 'notShipped' as const,
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
        const dto = orderDto(
          store,
          signProofLink,
          { order, customer, verifier: null },
          {
            lines,
            history: [placement],
            shipment: null,
            deliveryHistory: [],
            contacts: [],
            messages: [],
            // The shopper's answer: the number's record is the shop's to read.
            record: null,
          },
        );
        await mail.orderPlaced(tx, dto, input.language);
        return { created: true, order: dto, productIds: [...new Set(lines.map((line) => line.productId))] };
      });
    } catch (error) {
      if (proofKey) await store.delete(proofKey).catch(() => undefined);
      throw error;
    }

    if (!result.created) {
      if (proofKey) await store.delete(proofKey).catch(() => undefined);
      return { order: await loadOrder(result.orderId, 'shopper'), created: false };
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

  /**
   * Admins may set any status from any status (SPEC §4 reading b), and the shop's rules do (issue 36:
   * a parcel refused or returned cancels its order). Cancelling returns the stock; leaving cancelled
   * takes it again, in the caller's transaction (`order` locked by it), or fails with 409 when it is
   * gone. Answers what changed, for `announceStatusChange` once committed, or null when nothing did.
   */
  async function changeStatusIn(
    tx: Tx,
    order: LockedOrder,
    next: OrderStatus,
    by: { userId: string | null; note: string | null; mail?: boolean },
  ): Promise<StatusChange | null> {
    const orderId = order.id;
    const from = order.status;
    if (from === next) return null;

    const allLines = await linesOfOrders(tx, [orderId]);
    // A line whose size is still to confirm cannot be packed: the owner chooses it first (issue 35).
    const open = allLines.find(awaitsVariant);
    if (open && (next === 'confirmed' || next === 'completed')) {
      throw new AppError('CONFLICT', messages.orders.confirmNeedsVariant, { name: productNames(open) });
    }
    // Such a line took no stock: there is nothing of it to return, or to take again.
    const lines = allLines.filter((l) => !awaitsVariant(l));
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
    await addHistoryEntry(tx, { orderId, status: next, byUserId: by.userId, note: by.note });
    // A change that comes with an e-mail of its own (a pending order shipped: the parcel's) sends only that.
    if (by.mail !== false) {
      await mail.statusChanged(tx, {
        orderId,
        number: formatOrderNumber(order.number),
        status: next,
        customer: { email: order.customerEmail, name: order.name },
        phone: order.phone,
        language: order.language,
        note: by.note,
      });
    }
    return {
      orderId,
      from,
      to: next,
      userId: order.userId,
      changedBy: by.userId,
      stockMoved: next === 'cancelled' || from === 'cancelled',
    };
  }

  /** Once the transaction of a status change committed: its e-mail goes, and the change is announced. */
  function announceStatusChange(change: StatusChange): void {
    mail.committed();
    events.emit('orderStatusChanged', change);
  }

  return {
    changeStatusIn,
    announceStatusChange,
    load: loadOrder,
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
        if (earlier) return { order: await loadOrder(earlier, 'shopper'), created: false };
      }

      try {
        return await placeNew(user, input, key);
      } catch (error) {
        // The same key sent twice at once: the other request placed the order while this one ran (and
        // found the cart empty, or lost the race for the key): the answer is that first order.
        if (key) {
          const earlier = await findIdempotentOrderId(db, user.id, key);
          if (earlier) return { order: await loadOrder(earlier, 'shopper'), created: false };
        }
        throw error;
      }
    },

    async mine(user: SessionUser): Promise<OrderDto[]> {
      return toDtos(await ordersOfUser(db, user.id), 'shopper');
    },

    /** The owner or an admin; anyone else learns only that it is not theirs. */
    async get(user: SessionUser, orderId: string): Promise<OrderDto> {
      const read = await readOrder(orderId, user.role === 'admin' ? 'admin' : 'shopper');
      if (!read) throw new AppError('NOT_FOUND', messages.orders.orderNotFoundAnswer);
      if (user.role !== 'admin' && read.row.order.userId !== user.id) {
        throw new AppError('FORBIDDEN', messages.orders.notYourOrder);
      }
      return read.dto;
    },

    async list(filter: AdminOrderFilter & { page?: number | undefined; limit: number }) {
      const page = filter.page ?? 1;
      const { rows, total } = await adminOrderPage(db, filter, filter.limit, (page - 1) * filter.limit);
      return {
        results: await toDtos(rows, 'admin'),
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
        const changed = await changeStatusIn(tx, order, next, { userId: user.id, note });
        // SPEC's 'completed' is delivered (issue 36): the road says so too, whoever set it.
        if (changed && next === 'completed' && order.delivery !== 'delivered') {
          await recordDelivery(tx, {
            orderId,
            state: 'delivered',
            source: 'shop',
            byUserId: user.id,
            note: null,
          });
        }
        return changed;
      });
      if (change) announceStatusChange(change);
      return loadOrder(orderId, user.role === 'admin' ? 'admin' : 'shopper');
    },

    /**
     * Chooses the variant of a line ordered with its size to confirm (a SPEC §7 client's, issue 35),
     * while the order is pending: the variant's stock is taken (409 when it has not enough) and the line
     * names it from then on, all in one transaction. While the order awaits the customer's
     * confirmation (issue 37) a line's chosen size or colour may be changed the same way: the old
     * variant's stock comes back, the new one's is taken, and the order's history says what changed.
     * The unit price stays what the order was placed at.
     */
    async setLineVariant(
      orderId: string,
      lineId: string,
      variantId: string,
      by: SessionUser | null = null,
    ): Promise<OrderDto> {
      const productId = await db.transaction(async (tx) => {
        const order = await lockOrder(tx, orderId);
        if (!order) throw new AppError('NOT_FOUND', messages.orders.orderNotFoundAnswer);
        const line = (await linesOfOrders(tx, [orderId])).find((l) => l.id === lineId);
        if (!line) throw new AppError('NOT_FOUND', messages.orders.orderLineNotFound);
        const changing = !awaitsVariant(line);
        if (changing && !(order.awaitsConfirmation && order.status === 'pending')) {
          throw new AppError('CONFLICT', messages.orders.lineHasVariant);
        }
        if (order.status !== 'pending')
          throw new AppError('CONFLICT', messages.orders.variantOnlyWhilePending);
        const variant = await findVariant(tx, variantId);
        if (!line.productId || !variant || variant.productId !== line.productId) {
          throw new AppError('BAD_REQUEST', messages.cart.variantNotOfProduct, { name: productNames(line) });
        }
        if (changing && line.variantId === variantId) return line.productId;
        // Under the product's lock, like a sale: the variant's shelf down, the product's totals with it.
        if (changing && line.variantId) {
          await returnStock(tx, [
            { productId: line.productId, variantId: line.variantId, quantity: line.quantity },
          ]);
        }
        await takeStock(tx, [{ productId: line.productId, variantId, quantity: line.quantity }]);
        await setLineVariant(tx, orderId, lineId, {
          id: variantId,
          sku: variant.sku,
          options: variant.options,
          optionsAr: arabicOptionsOf(variant.productOptions, variant.options),
        });
        if (changing) {
          const say = translatorIn(order.language);
          const valuesOf = (options: Record<string, string>) => Object.values(options).join(' / ');
          await addHistoryEntry(tx, {
            orderId,
            status: order.status,
            byUserId: by?.id ?? null,
            note: say.phrase({
              template: messages.confirmation.historyVariantChanged,
              values: {
                name: productNames(line),
                from: valuesOf(line.variant?.options ?? {}),
                to: valuesOf(variant.options),
              },
            }),
          });
        }
        return line.productId;
      });
      events.emit('productChanged', { productId, change: 'updated' });
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
