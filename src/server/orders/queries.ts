import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { BlockMode, OrderStatus } from '@/shared/constants';
import { addDays, shopDay, shopDayStart } from '@/shared/dates';
import { parseOrderNumber } from '@/shared/order-number';
import { customerPhoneKey } from '@/shared/customer-phone';
import type { OrderFilter } from '@/shared/schemas/order';
import type { VariantOptions } from '@/shared/schemas/variants';
import { cartLineColumns } from '../cart/queries';
import type { DbOrTx, Tx } from '../db/client';
import { sqlWrittenOnce, writtenOnce } from '../db/prepared';
import { containsText, startsWithText } from '../db/text-search';
import { deliveryZonesSql } from '../settings/store';
import { NO_ANSWER_JOB } from '../confirmation/queries';
import {
  cartLines,
  carts,
  categories,
  customers,
  idempotencyKeys,
  jobs,
  orderHistory,
  orderLines,
  orders,
  products,
  productVariants,
  users,
} from '../db/schema';

/** Who marked the payment received: a second reading of `users` beside the customer's. */
const verifier = alias(users, 'verifier');

const orderWithCustomer = {
  order: orders,
  customer: { id: users.id, username: users.username, email: users.email },
  verifier: { id: verifier.id, username: verifier.username },
};

function selectOrders(db: DbOrTx) {
  return db
    .select(orderWithCustomer)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(verifier, eq(verifier.id, orders.paymentVerifiedBy));
}
export type OrderWithCustomer = Awaited<ReturnType<typeof selectOrders>>[number];

export async function findOrder(db: DbOrTx, orderId: string): Promise<OrderWithCustomer | null> {
  const [row] = await selectOrders(db).where(eq(orders.id, orderId)).limit(1);
  return row ?? null;
}

export function ordersOfUser(db: DbOrTx, userId: string) {
  return selectOrders(db).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt), desc(orders.id));
}

/**
 * An InstaPay order whose proof waits for the owner: a proof came, the payment is not marked received,
 * and the order is not cancelled (nothing left to check there).
 */
export const proofToCheck = and(
  eq(orders.paymentType, 'instapay'),
  isNotNull(orders.paymentImageKey),
  isNull(orders.paymentVerifiedAt),
  ne(orders.status, 'cancelled'),
)!;

/** Placed on or after the start of this shop day (Cairo), before the start of `until` when given. */
export function placedBetween(from: string | undefined, until?: string): SQL[] {
  return [
    ...(from ? [gte(orders.createdAt, shopDayStart(from))] : []),
    ...(until ? [lt(orders.createdAt, shopDayStart(until))] : []),
  ];
}

export type AdminOrderFilter = OrderFilter;

/** The admin list's filters as SQL; `now` fixes which day 'today' is for the whole of one request. */
function adminWhere(filter: AdminOrderFilter, now: Date): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  if (filter.paymentType) conditions.push(eq(orders.paymentType, filter.paymentType));
  if (filter.proof === 'toCheck') conditions.push(proofToCheck);
  if (filter.delivery) conditions.push(eq(orders.delivery, filter.delivery));
  if (filter.confirmation === 'toConfirm') conditions.push(eq(orders.awaitsConfirmation, true));
  if (filter.customer) conditions.push(eq(orders.phoneKey, customerPhoneKey(filter.customer)));
  conditions.push(...placedBetween(filter.from, filter.to && addDays(filter.to, 1)));
  if (filter.period) {
    const today = shopDay(now);
    conditions.push(...placedBetween(filter.period === 'today' ? today : addDays(today, -6)));
  }
  if (filter.search) {
    const text = filter.search;
    const number = parseOrderNumber(text);
    conditions.push(
      or(
        ...(number === null ? [] : [eq(orders.number, number)]),
        startsWithText(sql`${orders.id}::text`, text),
        containsText(orders.name, text),
        containsText(orders.phone, text),
        containsText(users.email, text),
      )!,
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

export async function adminOrderPage(db: DbOrTx, filter: AdminOrderFilter, limit: number, offset: number) {
  const where = adminWhere(filter, new Date());
  const [rows, [total]] = await Promise.all([
    selectOrders(db)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limit)
      .offset(offset),
    db.select({ value: count() }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** The history entries of these orders, oldest first, with the usernames of who made them. */
export function historyOfOrders(db: DbOrTx, orderIds: string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      orderId: orderHistory.orderId,
      status: orderHistory.status,
      at: orderHistory.at,
      note: orderHistory.note,
      by: { id: users.id, username: users.username },
    })
    .from(orderHistory)
    .leftJoin(users, eq(users.id, orderHistory.byUserId))
    .where(inArray(orderHistory.orderId, orderIds))
    .orderBy(asc(orderHistory.orderId), asc(orderHistory.at), asc(orderHistory.id));
}
export type HistoryEntryRow = Awaited<ReturnType<typeof historyOfOrders>>[number];

export async function addHistoryEntry(
  tx: Tx,
  entry: { orderId: string; status: OrderStatus; byUserId: string | null; note: string | null },
): Promise<void> {
  await tx.insert(orderHistory).values(entry);
}

/**
 * Marks the payment received by this admin now, or clears the mark. Marking a payment already marked
 * keeps who marked it first and when: a second click (or a retried request) rewrites nothing.
 */
export async function setPaymentVerified(
  db: DbOrTx,
  orderId: string,
  verifiedBy: string | null,
): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set(
      verifiedBy
        ? {
            paymentVerifiedAt: sql`coalesce(${orders.paymentVerifiedAt}, now())`,
            paymentVerifiedBy: sql`case when ${orders.paymentVerifiedAt} is null then ${verifiedBy}::uuid else ${orders.paymentVerifiedBy} end`,
          }
        : { paymentVerifiedAt: null, paymentVerifiedBy: null },
    )
    .where(eq(orders.id, orderId))
    .returning({ id: orders.id });
  return rows.length > 0;
}

/** Where an export stopped: the last order written, by the keys the export walks in. */
export interface ExportCursor {
  /** `created_at` as PostgreSQL writes it: microseconds that a JavaScript Date would drop. */
  at: string;
  id: string;
}

/**
 * The next page of an export, newest first, after `cursor`: keyset pages, so every page costs the
 * same however deep the export is, and no transaction stays open between them.
 */
export function exportOrderPage(
  db: DbOrTx,
  filter: AdminOrderFilter,
  now: Date,
  cursor: ExportCursor | null,
  limit: number,
) {
  return db
    .select({
      order: orders,
      email: users.email,
      cursorAt: sql<string>`${orders.createdAt}::text`,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(
      and(
        adminWhere(filter, now),
        // The first condition says nothing the second does not, but lets `orders_created_idx` start
        // the page where the last one ended instead of sorting every order again.
        cursor ? sql`${orders.createdAt} <= ${cursor.at}::timestamptz` : undefined,
        cursor
          ? sql`(${orders.createdAt}, ${orders.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

/** What an export says of each line: its name and how many, in the order the shopper added them. */
export function itemsOfOrders(db: DbOrTx, orderIds: string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      orderId: orderLines.orderId,
      name: orderLines.name,
      variant: orderLines.variant,
      quantity: orderLines.quantity,
    })
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(asc(orderLines.orderId), asc(orderLines.id));
}

export function linesOfOrders(db: DbOrTx, orderIds: string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(asc(orderLines.orderId), asc(orderLines.id));
}

/**
 * The order's row, held until the transaction ends so two status changes cannot both move the stock,
 * with its customer's address for the status e-mail.
 */
export async function lockOrder(tx: Tx, orderId: string) {
  const [row] = await tx
    .select({ ...getTableColumns(orders), customerEmail: users.email })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId))
    .for('update', { of: orders });
  return row ?? null;
}
export type LockedOrder = NonNullable<Awaited<ReturnType<typeof lockOrder>>>;

/** The product a variant belongs to and what the line keeps of it; null when there is no such variant. */
export async function findVariant(db: DbOrTx, variantId: string) {
  const [row] = await db
    .select({
      productId: productVariants.productId,
      sku: productVariants.sku,
      options: productVariants.options,
      productOptions: products.options,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(productVariants.id, variantId))
    .limit(1);
  return row ?? null;
}

/** Gives a line ordered with its size to confirm the variant the owner chose (its stock taken by the caller). */
export async function setLineVariant(
  tx: Tx,
  orderId: string,
  lineId: string,
  variant: { id: string; sku: string; options: VariantOptions; optionsAr: VariantOptions },
): Promise<void> {
  const { id, ...kept } = variant;
  await tx
    .update(orderLines)
    .set({ variantId: id, variant: kept })
    .where(and(eq(orderLines.id, lineId), eq(orderLines.orderId, orderId)));
  await tx.update(orders).set({ updatedAt: new Date() }).where(eq(orders.id, orderId));
}

/** Leaving 'pending' ends the wait for the customer's confirmation (issue 37), whoever moved it. */
export async function setOrderStatus(tx: Tx, orderId: string, status: OrderStatus): Promise<void> {
  const settled = status === 'pending' ? {} : { awaitsConfirmation: false, confirmBy: null };
  await tx
    .update(orders)
    .set({ status, ...settled, updatedAt: new Date() })
    .where(eq(orders.id, orderId));
}

export async function findIdempotentOrderId(db: DbOrTx, userId: string, key: string): Promise<string | null> {
  const [row] = await db
    .select({ orderId: idempotencyKeys.orderId })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
    .limit(1);
  return row?.orderId ?? null;
}

const cartForOrderRow = writtenOnce((db) =>
  db
    .select({
      userId: carts.userId,
      // Spelled out: inside a one-table select the builder writes columns unqualified, and `id` would be the line's.
      hasLines: sql<boolean>`exists (select 1 from cart_lines where cart_lines.cart_id = carts.id)`,
    })
    .from(carts)
    .where(eq(carts.id, sql.placeholder('cartId')))
    .limit(1),
);

/** Who owns the cart and whether it holds anything: the checks before the proof's upload, in one read. */
export async function cartForOrder(db: DbOrTx, cartId: string) {
  const [row] = await cartForOrderRow(db, { cartId });
  return row ?? null;
}

/** The cart locked, with the order `earlier` names (an `Idempotency-Key`'s, or none). */
const lockedCart = (earlier: SQL<string | null>) =>
  writtenOnce((db) =>
    db
      .select({
        id: carts.id,
        userId: carts.userId,
        earlierOrderId: earlier,
        deliveryZones: deliveryZonesSql,
        // The owner's block of the order's number (issue 37), read without a statement of its own.
        blockMode: sql<BlockMode | null>`(select ${customers.blockMode} from ${customers}
          where ${customers.phoneKey} = ${sql.placeholder('phoneKey')}::text and ${customers.blockedAt} is not null)`,
      })
      .from(carts)
      .where(eq(carts.id, sql.placeholder('cartId')))
      .for('update', { of: carts }),
  );
const lockedCartWithoutKey = lockedCart(sql<string | null>`null::uuid`);
const lockedCartWithKey = lockedCart(
  sql<
    string | null
  >`(select k.order_id from idempotency_keys k where k.user_id = ${sql.placeholder('userId')} and k.key = ${sql.placeholder('key')})`,
);

/**
 * Holds the cart until the transaction ends (two submits of one cart queue here) and, in the same
 * statement, reads the shop's delivery zones (`zonesOf` reads them), the block of the order's number
 * (`phoneKey`), and looks up the order an
 * `Idempotency-Key` already placed. The lookup sees the database as the statement began, before any
 * wait for the lock: a twin that placed the order meanwhile is caught later (the cart is empty by
 * then, or the key's primary key refuses a second order).
 */
export async function lockCartForOrder(
  tx: Tx,
  order: { cartId: string; userId: string; key: string | undefined; phoneKey: string },
) {
  const { cartId, userId, key, phoneKey } = order;
  const [row] = key
    ? await lockedCartWithKey(tx, { cartId, userId, key, phoneKey })
    : await lockedCartWithoutKey(tx, { cartId, phoneKey });
  return row ?? null;
}

const lockedCartProducts = writtenOnce((db) =>
  db
    .select({
      position: sql<number>`(extract(epoch from ${cartLines.createdAt}) * 1000000)::float8`.mapWith(Number),
      ...cartLineColumns,
      categoryName: categories.name,
      categoryNameAr: categories.nameAr,
    })
    .from(cartLines)
    .innerJoin(products, eq(products.id, cartLines.productId))
    .leftJoin(productVariants, eq(productVariants.id, cartLines.variantId))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(cartLines.cartId, sql.placeholder('cartId')))
    .orderBy(asc(products.id))
    // The products' rows only: a variant's stock changes only under its product's lock (src/server/stock).
    .for('update', { of: products }),
);

/**
 * The cart's lines with their products and category names, the products' rows locked in id order (as
 * `lockProducts` does, so checkouts sharing products queue instead of deadlocking), in one statement.
 * `position` sorts the lines back into the order the shopper added them.
 */
export async function lockCartProducts(tx: Tx, cartId: string) {
  return lockedCartProducts(tx, { cartId });
}

/** An order as `writeOrder` stores it: the columns it sets (the rest take their defaults). */
export type OrderValues = Pick<
  typeof orders.$inferSelect,
  | 'id'
  | 'userId'
  | 'name'
  | 'phone'
  | 'phoneKey'
  | 'awaitsConfirmation'
  | 'confirmBy'
  | 'address'
  | 'street'
  | 'building'
  | 'floor'
  | 'apartment'
  | 'landmark'
  | 'area'
  | 'city'
  | 'governorate'
  | 'deliveryZoneId'
  | 'deliveryZoneName'
  | 'paymentType'
  | 'paymentImageKey'
  | 'totalPiastres'
  | 'shippingFeePiastres'
  | 'cashOnDeliveryFeePiastres'
  | 'grandTotalPiastres'
  | 'language'
>;

/** One line of an order as `writeOrder` stores it, a snapshot of the product as sold (its order aside). */
export type OrderLineValues = Omit<typeof orderLines.$inferSelect, 'orderId'>;

const value = (name: string) => sql.placeholder(name);

/**
 * One text for every order, so it is parsed and planned once per connection: the lines come as one
 * JSON array (`jsonb_to_recordset` names its fields as `OrderLineValues` does), and the idempotency
 * key's row is written only when there is a key. Building it with the query builders cost ~0.5 ms of
 * an order's CPU, each time.
 */
const orderWrite = sqlWrittenOnce<
  Omit<OrderValues, 'deliveryZoneName' | 'confirmBy'> & {
    deliveryZoneName: string | null;
    confirmBy: string | null;
    cartId: string;
    lines: string;
    idempotencyKey: string | null;
  },
  { createdMs: number | string; number: number | string }
>(sql`
  with o as (
    insert into ${orders} (id, user_id, name, phone, address, street, building, floor, apartment, landmark,
      area, city, governorate, delivery_zone_id, delivery_zone_name, payment_type, payment_image_key,
      total_piastres, shipping_fee_piastres, cash_on_delivery_fee_piastres, grand_total_piastres, language,
      phone_key, awaits_confirmation, confirm_by)
    values (${value('id')}::uuid, ${value('userId')}::uuid, ${value('name')}, ${value('phone')},
      ${value('address')}, ${value('street')}, ${value('building')}, ${value('floor')}, ${value('apartment')},
      ${value('landmark')}, ${value('area')}, ${value('city')}, ${value('governorate')}::text,
      ${value('deliveryZoneId')}::text, ${value('deliveryZoneName')}::jsonb, ${value('paymentType')},
      ${value('paymentImageKey')}::text, ${value('totalPiastres')}::integer,
      ${value('shippingFeePiastres')}::integer, ${value('cashOnDeliveryFeePiastres')}::integer,
      ${value('grandTotalPiastres')}::integer, ${value('language')}, ${value('phoneKey')},
      ${value('awaitsConfirmation')}::boolean, ${value('confirmBy')}::timestamptz)
    returning created_at, number
  ),
  d as (delete from ${cartLines} where cart_id = ${value('cartId')}::uuid),
  -- The history's first entry: placed ('pending') by the buyer, at the order's own created_at.
  h as (insert into ${orderHistory} (order_id, status, by_user_id)
    values (${value('id')}::uuid, 'pending', ${value('userId')}::uuid)),
  l as (
    insert into ${orderLines} (id, order_id, product_id, variant_id, variant, name, name_ar, slug,
      category_name, category_name_ar, image, unit_price_piastres, quantity)
    select id, ${value('id')}::uuid, "productId", "variantId", variant, name, "nameAr", slug,
      "categoryName", "categoryNameAr", image, "unitPricePiastres", quantity
    from jsonb_to_recordset(${value('lines')}::jsonb) as line(id uuid, "productId" uuid, "variantId" uuid,
      variant jsonb, name text, "nameAr" text, slug text, "categoryName" text, "categoryNameAr" text,
      image jsonb, "unitPricePiastres" integer, quantity integer)
  ),
  k as (
    insert into ${idempotencyKeys} (user_id, key, order_id)
    select ${value('userId')}::uuid, ${value('idempotencyKey')}::text, ${value('id')}::uuid
    where ${value('idempotencyKey')}::text is not null
  ),
  -- An order awaiting confirmation (issue 37): the job that cancels it if nobody answers by its deadline.
  j as (
    insert into ${jobs} (kind, key, payload, next_attempt_at)
    select ${sql.raw(`'${NO_ANSWER_JOB}'`)}, ${value('id')}::uuid::text,
      jsonb_build_object('orderId', ${value('id')}::uuid::text), ${value('confirmBy')}::timestamptz
    where ${value('confirmBy')}::timestamptz is not null
    on conflict (kind, key) do nothing
  )
  select (extract(epoch from created_at) * 1000)::float8 as "createdMs", number from o`);

/**
 * Stores the order and its lines, remembers the idempotency key, empties the cart and, for an order
 * awaiting confirmation, queues its no-answer job (`NO_ANSWER_JOB`, due at `confirmBy`) in one statement
 * (data-modifying CTEs: all of it or, on any error, none). Answers the order's `created_at` (the
 * transaction's start, as the column's default gives it) and the number its identity column gave it.
 */
export async function writeOrder(
  tx: Tx,
  write: { order: OrderValues; lines: OrderLineValues[]; idempotencyKey: string | undefined; cartId: string },
): Promise<{ createdAt: Date; number: number }> {
  const { order, lines, idempotencyKey, cartId } = write;
  const [row] = await orderWrite(tx, {
    ...order,
    // A jsonb parameter goes as its text: the drivers would send an object as something else.
    deliveryZoneName: order.deliveryZoneName === null ? null : JSON.stringify(order.deliveryZoneName),
    confirmBy: order.confirmBy?.toISOString() ?? null,
    cartId,
    lines: JSON.stringify(lines),
    idempotencyKey: idempotencyKey ?? null,
  });
  if (!row) throw new Error('order insert returned nothing');
  return { createdAt: new Date(Math.floor(Number(row.createdMs))), number: Number(row.number) };
}
