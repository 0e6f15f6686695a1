import { asc, eq, inArray, sql } from 'drizzle-orm';
import { format, messages } from '@/shared/messages';
import type { DbOrTx, Tx } from '../db/client';
import { products, type ProductRow } from '../db/schema';
import { AppError } from '../errors';

/**
 * The one place that reads and changes stock (DESIGN §5). Everything here runs inside the caller's
 * transaction, so a sale, a cancellation or a reopening either happens whole or not at all; when stock
 * moves from products to their variants later, only this module changes.
 */

export interface StockLine {
  productId: string;
  quantity: number;
}

/** What is on the shelf for a product right now (outside any lock: for answers and soft checks). */
export interface StockLevel {
  productId: string;
  name: string;
  available: number;
}

/**
 * The conflict a shopper sees when there is not enough stock. `template` takes `{n}` (what is left) and
 * `{name}`; an empty shelf gets its own, plainer sentence unless the caller asks otherwise.
 */
export function stockConflict(
  level: Pick<StockLevel, 'name' | 'available'>,
  template: string = messages.cart.onlyNAvailable,
): AppError {
  const text =
    level.available <= 0 && template === messages.cart.onlyNAvailable
      ? format(messages.cart.productOutOfStock, { name: level.name })
      : format(template, { n: Math.max(0, level.available), name: level.name });
  return new AppError('CONFLICT', text);
}

/** Throws the stock conflict when `wanted` is more than `level` allows. */
export function assertAvailable(level: StockLevel, wanted: number, template?: string): void {
  if (wanted > level.available) throw stockConflict(level, template);
}

export async function readStock(db: DbOrTx, productIds: string[]): Promise<Map<string, StockLevel>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ productId: products.id, name: products.name, available: products.availableItems })
    .from(products)
    .where(inArray(products.id, productIds));
  return new Map(rows.map((row) => [row.productId, row]));
}

/**
 * Locks the products' rows until the transaction ends. Always in id order: two checkouts that share
 * products then queue behind each other instead of each holding one row the other waits for.
 */
export async function lockProducts(tx: Tx, productIds: string[]): Promise<Map<string, ProductRow>> {
  const ids = [...new Set(productIds)].sort();
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id))
    .for('update');
  return new Map(rows.map((row) => [row.id, row]));
}

/** Sums quantities per product, so a product listed twice is checked against its stock once. */
function byProduct(lines: StockLine[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const line of lines) totals.set(line.productId, (totals.get(line.productId) ?? 0) + line.quantity);
  return totals;
}

export interface TakeStockOptions {
  /** The conflict's text, with `{n}` and `{name}`; the cart's 'Only {n} items of {name} are available' by default. */
  shortageMessage?: string;
  /** The name to use for a product that no longer exists (an order line keeps its snapshot name). */
  nameOf?: (productId: string) => string;
}

/**
 * Locks the products, checks every line against the stock and takes it: `available_items` down,
 * `sold_items` up. Throws a 409 naming the first product that is short (none is taken then: the caller's
 * transaction rolls back). Returns the locked rows as they were before the change.
 */
export async function takeStock(
  tx: Tx,
  lines: StockLine[],
  options: TakeStockOptions = {},
): Promise<Map<string, ProductRow>> {
  const locked = await lockProducts(tx, [...byProduct(lines).keys()]);
  const levels = new Map(
    [...locked.values()].map((row) => [
      row.id,
      { productId: row.id, name: row.name, available: row.availableItems },
    ]),
  );
  await takeLockedStock(tx, lines, levels, options);
  return locked;
}

/**
 * `takeStock` for a caller that has already locked the products' rows (`FOR UPDATE`, in id order) in a
 * query of its own, e.g. joined with what else it needs: checks every line against `levels` (read under
 * that lock) and takes all of it in one statement. The statement takes a product only while it still
 * holds enough and the returned rows are counted, so a lock the caller forgot still cannot oversell:
 * it fails the transaction with the same 409.
 */
export async function takeLockedStock(
  tx: Tx,
  lines: StockLine[],
  levels: Map<string, StockLevel>,
  options: TakeStockOptions = {},
): Promise<void> {
  const wanted = [...byProduct(lines)].sort(([a], [b]) => (a < b ? -1 : 1));
  if (wanted.length === 0) return;
  const levelOf = (productId: string): StockLevel =>
    levels.get(productId) ?? {
      productId,
      name: options.nameOf?.(productId) ?? messages.cart.productNotFound,
      available: 0,
    };
  for (const [productId, quantity] of wanted)
    assertAvailable(levelOf(productId), quantity, options.shortageMessage);

  const values = sql.join(
    wanted.map(([productId, quantity]) => sql`(${productId}::uuid, ${quantity}::integer)`),
    sql`, `,
  );
  const result = await tx.execute(sql`
    update products
    set available_items = products.available_items - v.quantity, sold_items = products.sold_items + v.quantity
    from (values ${values}) as v(id, quantity)
    where products.id = v.id and products.available_items >= v.quantity
    returning products.id as id`);
  const taken = new Set((result as unknown as { rows: Array<{ id: string }> }).rows.map((row) => row.id));
  const short = wanted.find(([productId]) => !taken.has(productId));
  if (short) {
    // Only without the caller's lock: someone took the stock between its read and this statement.
    const now = await readStock(tx, [short[0]]);
    throw stockConflict(now.get(short[0]) ?? levelOf(short[0]), options.shortageMessage);
  }
}

/**
 * Sets what is on the shelf to `count`, as an admin counts it (a new product, or a stock-take);
 * `sold_items` stays. The caller holds the product (it created it, or locked it with `lockProducts`).
 * 404 when the product is gone.
 */
export async function setStock(tx: Tx, productId: string, count: number): Promise<StockLevel> {
  // The schemas refuse such a count long before this; a negative one would only meet the table's check.
  if (!Number.isSafeInteger(count) || count < 0)
    throw new RangeError(`stock must be a whole number ≥ 0, not ${count}`);
  const [row] = await tx
    .update(products)
    .set({ availableItems: count })
    .where(eq(products.id, productId))
    .returning({ productId: products.id, name: products.name, available: products.availableItems });
  if (!row) throw new AppError('NOT_FOUND', messages.catalog.productNotFoundAnswer);
  return row;
}

/**
 * Puts stock back (a cancelled order): `available_items` up, `sold_items` down. Products deleted since
 * the sale are skipped: there is no shelf to return them to.
 */
export async function returnStock(tx: Tx, lines: StockLine[]): Promise<void> {
  const wanted = byProduct(lines);
  // Locked in id order first, like a sale, so a cancellation and a checkout never wait on each other in a cycle.
  const locked = await lockProducts(tx, [...wanted.keys()]);
  const returned = [...wanted].filter(([productId]) => locked.has(productId));
  if (returned.length === 0) return;
  const values = sql.join(
    returned.map(([productId, quantity]) => sql`(${productId}::uuid, ${quantity}::integer)`),
    sql`, `,
  );
  await tx.execute(sql`
    update products
    set available_items = products.available_items + v.quantity,
        sold_items = greatest(products.sold_items - v.quantity, 0)
    from (values ${values}) as v(id, quantity)
    where products.id = v.id`);
}
