import { and, asc, count, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { cartLines, categories, orderLines, products, productVariants, type CategoryRow } from '../db/schema';

export type CategoryRef = Pick<CategoryRow, 'id' | 'name' | 'slug'>;

const categoryRefColumns = { id: categories.id, name: categories.name, slug: categories.slug };

/** A category named by its slug or its name, in any case (the original admin form sends either). */
export async function findCategoryByKey(db: DbOrTx, key: string): Promise<CategoryRef | undefined> {
  const lower = key.toLowerCase();
  const [row] = await db
    .select(categoryRefColumns)
    .from(categories)
    .where(sql`${categories.slug} = ${lower} or lower(${categories.name}) = ${lower}`)
    .orderBy(categories.createdAt)
    .limit(1);
  return row;
}

export async function findCategoryById(db: DbOrTx, id: string): Promise<CategoryRef | undefined> {
  const [row] = await db.select(categoryRefColumns).from(categories).where(eq(categories.id, id)).limit(1);
  return row;
}

/**
 * Holds the category until the transaction ends, so it cannot be deleted under a product being saved
 * into it (a deletion takes the stronger `for update` lock and waits). Undefined when it is gone.
 */
export async function shareLockCategory(tx: Tx, id: string): Promise<CategoryRef | undefined> {
  const [row] = await tx
    .select(categoryRefColumns)
    .from(categories)
    .where(eq(categories.id, id))
    .for('share');
  return row;
}

export async function lockCategory(tx: Tx, id: string): Promise<CategoryRow | undefined> {
  const [row] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
  return row;
}

export async function countProductsInCategory(db: DbOrTx, categoryId: string): Promise<number> {
  const [row] = await db.select({ count: count() }).from(products).where(eq(products.categoryId, categoryId));
  return row?.count ?? 0;
}

/** Another category with this name in any case, if there is one. */
export async function findCategoryNamed(
  db: DbOrTx,
  name: string,
  exceptId?: string,
): Promise<CategoryRef | undefined> {
  const sameName = sql`lower(${categories.name}) = ${name.toLowerCase()}`;
  const [row] = await db
    .select(categoryRefColumns)
    .from(categories)
    .where(exceptId ? and(sameName, sql`${categories.id} <> ${exceptId}`) : sameName)
    .limit(1);
  return row;
}

export async function insertCategory(tx: Tx, values: typeof categories.$inferInsert): Promise<CategoryRow> {
  const [row] = await tx.insert(categories).values(values).returning();
  if (!row) throw new Error('category insert returned no row');
  return row;
}

/** What an admin's category save can change. */
export type CategoryChanges = Pick<
  CategoryRow,
  'name' | 'nameAr' | 'description' | 'descriptionAr' | 'slug' | 'image' | 'sizeGuide'
>;

export async function updateCategory(
  tx: Tx,
  id: string,
  values: Partial<CategoryChanges>,
): Promise<CategoryRow> {
  const [row] = await tx
    .update(categories)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(categories.id, id))
    .returning();
  if (!row) throw new Error('category update matched no row');
  return row;
}

/** Every category's id and position in the owner's order, locked until the transaction ends. */
export async function lockCategoryOrder(tx: Tx): Promise<Pick<CategoryRow, 'id' | 'position'>[]> {
  return tx
    .select({ id: categories.id, position: categories.position })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.createdAt), asc(categories.id))
    .for('update');
}

export async function setCategoryPosition(tx: Tx, id: string, position: number): Promise<void> {
  await tx
    .update(categories)
    .set({ position, updatedAt: sql`now()` })
    .where(eq(categories.id, id));
}

export async function deleteCategory(tx: Tx, id: string): Promise<void> {
  await tx.delete(categories).where(eq(categories.id, id));
}

/** A new product with an empty shelf: its stock is set through the stock module (DESIGN §5). */
export type NewProduct = Omit<typeof products.$inferInsert, 'availableItems' | 'soldItems'>;

export async function insertProduct(tx: Tx, values: NewProduct): Promise<string> {
  const [row] = await tx.insert(products).values(values).returning({ id: products.id });
  if (!row) throw new Error('product insert returned no row');
  return row.id;
}

export type ProductChanges = Partial<
  Pick<
    typeof products.$inferInsert,
    | 'name'
    | 'slug'
    | 'description'
    | 'nameAr'
    | 'descriptionAr'
    | 'pricePiastres'
    | 'discount'
    | 'finalPricePiastres'
    | 'categoryId'
    | 'defaultImage'
    | 'subImages'
    | 'options'
  >
>;

export async function updateProduct(tx: Tx, id: string, changes: ProductChanges): Promise<void> {
  await tx
    .update(products)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(products.id, id));
}

/** Cart lines and ratings go with it (cascade); order lines keep their snapshot and lose the link (set null). */
export async function deleteProduct(tx: Tx, id: string): Promise<void> {
  await tx.delete(products).where(eq(products.id, id));
}

/**
 * Which of these image keys an order line of the product still shows. Orders keep the image the
 * shopper bought under, so those files must outlive the product's own use of them.
 */
export async function imageKeysHeldByOrders(tx: Tx, productId: string, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const key = sql<string>`${orderLines.image}->>'key'`;
  const rows = await tx
    .selectDistinct({ key })
    .from(orderLines)
    .where(and(eq(orderLines.productId, productId), inArray(key, keys)));
  return new Set(rows.map((row) => row.key));
}

/** The SKUs among `skus` (in any case) that variants of other products hold. */
export async function skusHeldElsewhere(tx: Tx, productId: string, skus: string[]): Promise<string[]> {
  if (skus.length === 0) return [];
  const rows = await tx
    .select({ sku: productVariants.sku })
    .from(productVariants)
    .where(
      and(
        ne(productVariants.productId, productId),
        inArray(
          sql`lower(${productVariants.sku})`,
          skus.map((sku) => sku.toLowerCase()),
        ),
      ),
    );
  return rows.map((row) => row.sku);
}

export async function variantIdsOf(tx: Tx, productId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(eq(productVariants.productId, productId));
  return rows.map((row) => row.id);
}

/** A product's lines without a variant in every cart: once it has variants, they name nothing to sell. */
export async function deleteCartLinesWithoutVariant(tx: Tx, productId: string): Promise<void> {
  await tx.delete(cartLines).where(and(eq(cartLines.productId, productId), isNull(cartLines.variantId)));
}
