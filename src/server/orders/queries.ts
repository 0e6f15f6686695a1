import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { OrderStatus } from '@/shared/constants';
import type { DbOrTx, Tx } from '../db/client';
import { cartLines, categories, idempotencyKeys, orderLines, orders, users } from '../db/schema';

const orderWithCustomer = {
  order: orders,
  customer: { id: users.id, username: users.username, email: users.email },
};

function selectOrders(db: DbOrTx) {
  return db.select(orderWithCustomer).from(orders).innerJoin(users, eq(users.id, orders.userId));
}
export type OrderWithCustomer = Awaited<ReturnType<typeof selectOrders>>[number];

export async function findOrder(db: DbOrTx, orderId: string): Promise<OrderWithCustomer | null> {
  const [row] = await selectOrders(db).where(eq(orders.id, orderId)).limit(1);
  return row ?? null;
}

export function ordersOfUser(db: DbOrTx, userId: string) {
  return selectOrders(db).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt), desc(orders.id));
}

/** `%` and `_` typed into a search box are letters, not wildcards. */
function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export interface AdminOrderFilter {
  status?: OrderStatus | undefined;
  search?: string | undefined;
}

function adminWhere(filter: AdminOrderFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  if (filter.search) {
    const text = likeEscape(filter.search);
    conditions.push(
      or(
        ilike(sql`${orders.id}::text`, `${text}%`),
        ilike(orders.name, `%${text}%`),
        ilike(orders.phone, `%${text}%`),
        ilike(users.email, `%${text}%`),
      )!,
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

export async function adminOrderPage(db: DbOrTx, filter: AdminOrderFilter, limit: number, offset: number) {
  const where = adminWhere(filter);
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

export function linesOfOrders(db: DbOrTx, orderIds: string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(asc(orderLines.orderId), asc(orderLines.id));
}

/** The order's row, held until the transaction ends so two status changes cannot both move the stock. */
export async function lockOrder(tx: Tx, orderId: string) {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row ?? null;
}

export async function setOrderStatus(tx: Tx, orderId: string, status: OrderStatus): Promise<void> {
  await tx.update(orders).set({ status, updatedAt: new Date() }).where(eq(orders.id, orderId));
}

export async function findIdempotentOrderId(db: DbOrTx, userId: string, key: string): Promise<string | null> {
  const [row] = await db
    .select({ orderId: idempotencyKeys.orderId })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
    .limit(1);
  return row?.orderId ?? null;
}

export async function rememberIdempotencyKey(tx: Tx, userId: string, key: string, orderId: string) {
  await tx.insert(idempotencyKeys).values({ userId, key, orderId });
}

export async function cartQuantities(tx: Tx, cartId: string) {
  return tx
    .select({ productId: cartLines.productId, quantity: cartLines.quantity })
    .from(cartLines)
    .where(eq(cartLines.cartId, cartId))
    .orderBy(asc(cartLines.createdAt), asc(cartLines.id));
}

export async function categoryNames(tx: Tx, categoryIds: string[]): Promise<Map<string, string>> {
  if (categoryIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(inArray(categories.id, categoryIds));
  return new Map(rows.map((row) => [row.id, row.name]));
}

export async function insertOrder(tx: Tx, values: typeof orders.$inferInsert) {
  const [row] = await tx.insert(orders).values(values).returning({ id: orders.id });
  if (!row) throw new Error('order insert returned nothing');
  return row.id;
}

export async function insertOrderLines(tx: Tx, values: Array<typeof orderLines.$inferInsert>) {
  if (values.length) await tx.insert(orderLines).values(values);
}
