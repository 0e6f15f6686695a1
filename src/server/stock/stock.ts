import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { OPTION_FILTERS } from '@/shared/constants';
import type { LocalizedText } from '@/shared/localized';
import { messages } from '@/shared/messages';
import { toPiastres } from '@/shared/money';
import type { ProductOption, VariantInput } from '@/shared/schemas/variants';
import { arabicOptionsOf } from '@/shared/option-texts';
import { variantLabel } from '@/shared/variant-label';
import type { Phrase, PhraseValue } from '@/shared/translate';
import type { DbOrTx, Tx } from '../db/client';
import { sqlWrittenOnce } from '../db/prepared';
import { products, productVariants, type ProductRow } from '../db/schema';
import { AppError } from '../errors';

/**
 * The one place that reads and changes stock (DESIGN §5). Everything here runs inside the caller's
 * transaction, so a sale, a cancellation or a reopening either happens whole or not at all.
 *
 * A product with variants (issue 13) keeps its stock on them: its own `available_items` is their sum
 * and its in-stock option columns say which values some variant still has, both rewritten here
 * (`refreshVariantTotals`) whenever a variant's stock moves. A variant's row changes only while its
 * product's row is locked, so the product lock that serialises sales covers its variants too.
 */

export interface StockLine {
  productId: string;
  /** The variant sold, for a product with variants. */
  variantId?: string | null;
  quantity: number;
}

/** What a line's stock is counted under: the variant when there is one, else the product. */
export function stockKey(line: Pick<StockLine, 'productId' | 'variantId'>): string {
  return line.variantId ?? line.productId;
}

/**
 * A product as stock and cart messages name it: its Arabic name to an Arabic reader when the owner
 * wrote one, else its English name (the translator picks, at the edge).
 */
export function productNames(product: { name: string; nameAr: string }): LocalizedText {
  return { en: product.name, ar: product.nameAr };
}

/** 'Layla Dress (M / Navy)': how stock messages name a variant, in the reader's language. */
export function variantDisplayName(
  productName: PhraseValue,
  options: readonly ProductOption[],
  chosen: Record<string, string>,
): Phrase {
  return {
    template: messages.cart.variantName,
    // In Arabic with the values' Arabic where the owner wrote it (issue 35): 'فستان ليلى (M / كحلي)'.
    values: {
      name: productName,
      values: {
        en: variantLabel(options, chosen),
        ar: variantLabel(options, arabicOptionsOf(options, chosen)),
      },
    },
  };
}

/** What is on the shelf for a product right now (outside any lock: for answers and soft checks). */
export interface StockLevel {
  productId: string;
  /** How a message names it (`productNames`, `variantDisplayName`). */
  name: PhraseValue;
  available: number;
}

/**
 * The conflict a shopper sees when there is not enough stock. `template` is a text of the English
 * dictionary taking `{n}` (what is left) and `{name}`; the error carries it with its values, so the
 * answer is said in the shopper's language at the edge (plugins/errors.ts). An empty shelf gets its
 * own, plainer sentence unless the caller asks for another text.
 */
export function stockConflict(
  level: Pick<StockLevel, 'name' | 'available'>,
  template: string = messages.cart.onlyNAvailable,
): AppError {
  if (level.available <= 0 && template === messages.cart.onlyNAvailable) {
    return new AppError('CONFLICT', messages.cart.productOutOfStock, { name: level.name });
  }
  return new AppError('CONFLICT', template, { n: Math.max(0, level.available), name: level.name });
}

/** Throws the stock conflict when `wanted` is more than `level` allows. */
export function assertAvailable(level: StockLevel, wanted: number, template?: string): void {
  if (wanted > level.available) throw stockConflict(level, template);
}

export async function readStock(db: DbOrTx, productIds: string[]): Promise<Map<string, StockLevel>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({
      productId: products.id,
      name: products.name,
      nameAr: products.nameAr,
      available: products.availableItems,
    })
    .from(products)
    .where(inArray(products.id, productIds));
  return new Map(
    rows.map((row) => [
      row.productId,
      { productId: row.productId, name: productNames(row), available: row.available },
    ]),
  );
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

interface KeyedLine {
  productId: string;
  variantId: string | null;
  quantity: number;
}

/** Sums quantities per stock key (variant, or product without one), in key order. */
function byStockKey(lines: StockLine[]): Array<[string, KeyedLine]> {
  const totals = new Map<string, KeyedLine>();
  for (const line of lines) {
    const key = stockKey(line);
    const current = totals.get(key);
    if (current) current.quantity += line.quantity;
    else
      totals.set(key, {
        productId: line.productId,
        variantId: line.variantId ?? null,
        quantity: line.quantity,
      });
  }
  return [...totals].sort(([a], [b]) => (a < b ? -1 : 1));
}

/**
 * The variants' stock levels, named as stock messages name them ('Layla Dress (M / Navy)'), keyed by
 * variant id. Read under the products' lock for a sale; outside it for answers and soft checks.
 */
export async function readVariantStock(db: DbOrTx, variantIds: string[]): Promise<Map<string, StockLevel>> {
  if (variantIds.length === 0) return new Map();
  const rows = await db
    .select({
      variantId: productVariants.id,
      productId: productVariants.productId,
      available: productVariants.availableItems,
      chosen: productVariants.options,
      name: products.name,
      nameAr: products.nameAr,
      options: products.options,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(inArray(productVariants.id, variantIds));
  return new Map(
    rows.map((row) => [
      row.variantId,
      {
        productId: row.productId,
        name: variantDisplayName(productNames(row), row.options, row.chosen),
        available: row.available,
      },
    ]),
  );
}

/**
 * Rewrites what a product with variants shows of them: `available_items` (their sum) and the values in
 * stock per option (`options_in_stock`, and the size and colour columns the listing filters use), and
 * moves `sold_items` by `soldDeltas` (a sale or a return of its variants). A product without options
 * gets empty in-stock values and keeps its own stock. The caller holds the rows.
 */
export async function refreshVariantTotals(
  tx: Tx,
  productIds: string[],
  soldDeltas: ReadonlyMap<string, number> = new Map(),
): Promise<void> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return;
  // One read and one write: a sale of variants costs PGlite's one connection two more round trips only.
  const rows = await tx
    .select({
      id: products.id,
      options: products.options,
      chosen: productVariants.options,
      available: productVariants.availableItems,
    })
    .from(products)
    .leftJoin(productVariants, eq(productVariants.productId, products.id))
    .where(inArray(products.id, ids));
  const owners = new Map<
    string,
    { options: ProductOption[]; variants: Array<{ chosen: Record<string, string>; available: number }> }
  >();
  for (const row of rows) {
    const owner = owners.get(row.id) ?? { options: row.options, variants: [] };
    if (row.chosen !== null && row.available !== null)
      owner.variants.push({ chosen: row.chosen, available: row.available });
    owners.set(row.id, owner);
  }
  const values = [...owners].map(([id, owner]) => {
    const stocked = owner.variants.filter((variant) => variant.available > 0);
    const inStock = Object.fromEntries(
      owner.options.map((option) => [
        option.name,
        option.values.filter((value) => stocked.some((variant) => variant.chosen[option.name] === value)),
      ]),
    );
    // In the option's own order, as above: the variants come in no order, and a list that only changed
    // order is a change to the filter indexes (and to the listing index) all the same.
    const valuesOf = (name: string) => {
      const option = owner.options.find((candidate) => candidate.name.toLowerCase() === name.toLowerCase());
      return option ? (inStock[option.name] ?? []) : [];
    };
    // A product without options keeps its own shelf (null: left as it is).
    const available =
      owner.options.length > 0 ? owner.variants.reduce((sum, variant) => sum + variant.available, 0) : null;
    return sql`(${id}::uuid, ${available}::integer, ${soldDeltas.get(id) ?? 0}::integer, ${JSON.stringify(inStock)}::jsonb, ${JSON.stringify(valuesOf(OPTION_FILTERS.size))}::jsonb, ${JSON.stringify(valuesOf(OPTION_FILTERS.color))}::jsonb)`;
  });
  if (values.length === 0) return;
  await tx.execute(sql`
    update products
    set available_items = coalesce(v.available, products.available_items),
        sold_items = greatest(products.sold_items + v.sold, 0),
        options_in_stock = v.in_stock,
        in_stock_sizes = array(select jsonb_array_elements_text(v.sizes)),
        in_stock_colors = array(select jsonb_array_elements_text(v.colors))
    from (values ${sql.join(values, sql`, `)}) as v(id, available, sold, in_stock, sizes, colors)
    where products.id = v.id`);
}

export interface TakeStockOptions {
  /** The conflict's text, with `{n}` and `{name}`; the cart's 'Only {n} items of {name} are available' by default. */
  shortageMessage?: string;
  /** The name to use for a product that no longer exists (an order line keeps its snapshot name). */
  nameOf?: (productId: string) => PhraseValue;
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
  const levels = new Map<string, StockLevel>(
    [...locked.values()].map((row) => [
      row.id,
      { productId: row.id, name: productNames(row), available: row.availableItems },
    ]),
  );
  const variantIds = lines.flatMap((line) => (line.variantId ? [line.variantId] : []));
  for (const [id, level] of await readVariantStock(tx, variantIds)) levels.set(id, level);
  await takeLockedStock(tx, lines, levels, options);
  return locked;
}

/**
 * A sale of every wanted line in one statement of one text (src/server/db/prepared.ts): a product's
 * own shelf (`options = '[]'`: a product with variants has none), or a variant's and, with it, its
 * product's totals (their sum, and its sales). Each update takes only while the shelf holds enough;
 * a line missing from the answer was short. The products' rows are the caller's (locked), and the two
 * updates of `products` never meet one row: one takes products without options, the other with.
 */
const takeWanted = sqlWrittenOnce<
  { lines: string },
  { key: string; productId: string; variant: boolean; remaining: number | string }
>(sql`
  with wanted as (
    select * from jsonb_to_recordset(${sql.placeholder('lines')}::jsonb)
      as w("productId" uuid, "variantId" uuid, quantity integer)
  ),
  plain as (
    update ${products}
    set available_items = products.available_items - w.quantity,
        sold_items = products.sold_items + w.quantity
    from wanted w
    where w."variantId" is null and products.id = w."productId"
      and products.available_items >= w.quantity and products.options = '[]'::jsonb
    returning products.id, products.available_items
  ),
  variant as (
    update ${productVariants}
    set available_items = product_variants.available_items - w.quantity,
        sold_items = product_variants.sold_items + w.quantity
    from wanted w
    where product_variants.id = w."variantId" and product_variants.product_id = w."productId"
      and product_variants.available_items >= w.quantity
    returning product_variants.id, product_variants.product_id, product_variants.available_items, w.quantity
  ),
  owner as (
    update ${products}
    set available_items = products.available_items - s.quantity,
        sold_items = products.sold_items + s.quantity
    from (select product_id, sum(quantity)::integer as quantity from variant group by product_id) s
    where products.id = s.product_id and products.options <> '[]'::jsonb
  )
  select id as key, id as "productId", false as variant, available_items as remaining from plain
  union all
  select id, product_id, true, available_items from variant`);

/**
 * `takeStock` for a caller that has already locked the products' rows (`FOR UPDATE`, in id order) in a
 * query of its own, e.g. joined with what else it needs: checks every line against `levels` (read under
 * that lock, keyed by `stockKey`: the variant's id for a variant, else the product's) and takes all of
 * it in one statement (`takeWanted`). A line is taken only while its shelf still holds enough and the
 * lines taken are counted, so a lock the caller forgot still cannot oversell: it fails the transaction
 * with the same 409. A product with variants is never sold without one.
 */
export async function takeLockedStock(
  tx: Tx,
  lines: StockLine[],
  levels: Map<string, StockLevel>,
  options: TakeStockOptions = {},
): Promise<void> {
  const wanted = byStockKey(lines);
  if (wanted.length === 0) return;
  const levelOf = (key: string, line: KeyedLine): StockLevel =>
    levels.get(key) ?? {
      productId: line.productId,
      name: options.nameOf?.(line.productId) ?? { template: messages.cart.productNotFound },
      available: 0,
    };
  for (const [key, line] of wanted)
    assertAvailable(levelOf(key, line), line.quantity, options.shortageMessage);

  const rows = await takeWanted(tx, { lines: JSON.stringify(wanted.map(([, line]) => line)) });
  const taken = new Set(rows.map((row) => row.key));
  const short = wanted.find(([key]) => !taken.has(key));
  if (short) {
    // Only without the caller's lock: someone took the stock between its read and this statement.
    // (Callers refuse a product with variants sold without one before they get here.)
    const [key, line] = short;
    const now =
      line.variantId === null
        ? (await readStock(tx, [line.productId])).get(line.productId)
        : (await readVariantStock(tx, [line.variantId])).get(line.variantId);
    throw stockConflict(now ?? levelOf(key, line), options.shortageMessage);
  }
  // The statement moved the totals of the variants' products; which sizes and colours are in stock
  // changes only when a variant's last one was sold.
  const soldOut = rows.flatMap((row) => (row.variant && Number(row.remaining) === 0 ? [row.productId] : []));
  if (soldOut.length > 0) await refreshVariantTotals(tx, soldOut);
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
 * Makes the product's variants exactly `variants`, as an admin counts them: those with an `id` are
 * updated (stock set, sales kept), the others inserted, the ones left out deleted (their cart lines go
 * with them; order lines keep their snapshot), and the product's totals follow. The caller holds the
 * product's row and has checked the ids and SKUs.
 */
export async function setVariants(tx: Tx, productId: string, variants: VariantInput[]): Promise<void> {
  const keep = variants.flatMap((variant) => (variant.id ? [variant.id] : []));
  await tx
    .delete(productVariants)
    .where(
      and(
        eq(productVariants.productId, productId),
        ...(keep.length > 0 ? [notInArray(productVariants.id, keep)] : []),
      ),
    );
  // SKUs may move between kept variants (M's becomes L's): park each on its own id first, so the
  // unique index never sees two at once.
  if (keep.length > 0) {
    await tx
      .update(productVariants)
      .set({ sku: sql`${productVariants.id}::text` })
      .where(inArray(productVariants.id, keep));
  }
  for (const [position, variant] of variants.entries()) {
    const values = {
      sku: variant.sku,
      options: variant.options,
      pricePiastres: variant.price === null ? null : toPiastres(variant.price),
      availableItems: variant.avaliableItems,
      position,
    };
    if (variant.id) await tx.update(productVariants).set(values).where(eq(productVariants.id, variant.id));
    else await tx.insert(productVariants).values({ productId, ...values });
  }
  await refreshVariantTotals(tx, [productId]);
}

/**
 * Puts stock back (a cancelled order): `available_items` up, `sold_items` down, on the variant sold when
 * there is one. Products and variants deleted since the sale are skipped: there is no shelf to return
 * them to.
 */
export async function returnStock(tx: Tx, lines: StockLine[]): Promise<void> {
  // Locked in id order first, like a sale, so a cancellation and a checkout never wait on each other in a cycle.
  const locked = await lockProducts(tx, [...byProduct(lines).keys()]);
  const returned = byStockKey(lines).filter(([, line]) => locked.has(line.productId));
  if (returned.length === 0) return;
  const plain = returned.filter(([, line]) => line.variantId === null);
  const variants = returned.filter(([, line]) => line.variantId !== null);
  if (plain.length > 0) {
    const values = sql.join(
      plain.map(([, line]) => sql`(${line.productId}::uuid, ${line.quantity}::integer)`),
      sql`, `,
    );
    await tx.execute(sql`
      update products
      set available_items = products.available_items + v.quantity,
          sold_items = greatest(products.sold_items - v.quantity, 0)
      from (values ${values}) as v(id, quantity)
      where products.id = v.id and products.options = '[]'::jsonb`);
  }
  if (variants.length > 0) {
    const values = sql.join(
      variants.map(([, line]) => sql`(${line.variantId}::uuid, ${line.quantity}::integer)`),
      sql`, `,
    );
    const result = await tx.execute(sql`
      update product_variants
      set available_items = product_variants.available_items + v.quantity,
          sold_items = greatest(product_variants.sold_items - v.quantity, 0)
      from (values ${values}) as v(id, quantity)
      where product_variants.id = v.id
      returning product_variants.product_id as "productId", v.quantity as quantity`);
    const back = (result as unknown as { rows: Array<{ productId: string; quantity: number }> }).rows;
    if (back.length > 0) {
      const sold = new Map<string, number>();
      for (const row of back) sold.set(row.productId, (sold.get(row.productId) ?? 0) - Number(row.quantity));
      await refreshVariantTotals(tx, [...sold.keys()], sold);
    }
  }
}
