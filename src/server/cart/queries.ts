import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { cartLines, carts, products, productVariants } from '../db/schema';

/** Creates the user's cart unless there is one already; safe to call twice at once (unique user_id). */
export async function ensureCartId(db: DbOrTx, userId: string): Promise<string> {
  const cartIdOf = async () =>
    (await db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId)).limit(1))[0]?.id;
  // Read first: almost every call finds the cart, and a write on each `GET /cart` costs a commit.
  const existing = await cartIdOf();
  if (existing) return existing;
  await db.insert(carts).values({ userId }).onConflictDoNothing({ target: carts.userId });
  const created = await cartIdOf();
  if (!created) throw new Error(`cart of user ${userId} vanished right after it was created`);
  return created;
}

/** Holds the cart until the transaction ends, so two changes to one cart run one after the other. */
export async function lockCart(tx: Tx, cartId: string): Promise<void> {
  await tx.select({ id: carts.id }).from(carts).where(eq(carts.id, cartId)).for('update');
}

/**
 * A cart line with today's product data, and its variant's when it has one (null columns otherwise),
 * as the cart and the checkout read it. Joined with `leftJoin(productVariants, …variantId)`.
 */
export const cartLineColumns = {
  lineId: cartLines.id,
  quantity: cartLines.quantity,
  productId: products.id,
  name: products.name,
  nameAr: products.nameAr,
  slug: products.slug,
  pricePiastres: products.pricePiastres,
  discount: products.discount,
  finalPricePiastres: products.finalPricePiastres,
  defaultImage: products.defaultImage,
  availableItems: products.availableItems,
  productOptions: products.options,
  variantId: productVariants.id,
  variantSku: productVariants.sku,
  variantOptions: productVariants.options,
  variantPricePiastres: productVariants.pricePiastres,
  variantAvailableItems: productVariants.availableItems,
};

/** The cart's lines with today's product data, oldest line first (the order the shopper added them). */
export function cartLinesWithProducts(db: DbOrTx, cartId: string) {
  return db
    .select(cartLineColumns)
    .from(cartLines)
    .innerJoin(products, eq(products.id, cartLines.productId))
    .leftJoin(productVariants, eq(productVariants.id, cartLines.variantId))
    .where(eq(cartLines.cartId, cartId))
    .orderBy(asc(cartLines.createdAt), asc(cartLines.id));
}
export type CartLineWithProduct = Awaited<ReturnType<typeof cartLinesWithProducts>>[number];

/** A line is a product and, for a product with variants, the variant chosen (null for none). */
export interface LineKey {
  productId: string;
  variantId: string | null;
}

function lineWhere(cartId: string, { productId, variantId }: LineKey) {
  return and(
    eq(cartLines.cartId, cartId),
    eq(cartLines.productId, productId),
    variantId === null ? isNull(cartLines.variantId) : eq(cartLines.variantId, variantId),
  );
}

export async function findLineQuantity(db: DbOrTx, cartId: string, line: LineKey): Promise<number | null> {
  const [row] = await db
    .select({ quantity: cartLines.quantity })
    .from(cartLines)
    .where(lineWhere(cartId, line))
    .limit(1);
  return row?.quantity ?? null;
}

/** The variants (null for a line without one) of the cart's lines of a product. */
export async function variantsInCart(
  db: DbOrTx,
  cartId: string,
  productId: string,
): Promise<Array<string | null>> {
  const rows = await db
    .select({ variantId: cartLines.variantId })
    .from(cartLines)
    .where(and(eq(cartLines.cartId, cartId), eq(cartLines.productId, productId)));
  return rows.map((row) => row.variantId);
}

export async function upsertLine(db: DbOrTx, cartId: string, line: LineKey, quantity: number) {
  await db
    .insert(cartLines)
    .values({ cartId, ...line, quantity })
    .onConflictDoUpdate({
      target: [cartLines.cartId, cartLines.productId, cartLines.variantId],
      set: { quantity },
    });
}

/**
 * Removes the line whose `_id` is `id`, or every line of the product whose id it is (DESIGN §2's
 * `PATCH /cart/{productId}`). Returns whether there was any.
 */
export async function deleteLines(db: DbOrTx, cartId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(cartLines)
    .where(and(eq(cartLines.cartId, cartId), or(eq(cartLines.id, id), eq(cartLines.productId, id))))
    .returning({ id: cartLines.id });
  return deleted.length > 0;
}

export async function clearLines(db: DbOrTx, cartId: string): Promise<void> {
  await db.delete(cartLines).where(eq(cartLines.cartId, cartId));
}

export async function touchCart(db: DbOrTx, cartId: string): Promise<void> {
  await db.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId));
}

/** What adding a product to a cart checks: that it exists, its options, and its own stock. */
export async function findProductForCart(db: DbOrTx, productId: string) {
  const [row] = await db
    .select({
      id: products.id,
      name: products.name,
      nameAr: products.nameAr,
      options: products.options,
      available: products.availableItems,
    })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  return row ?? null;
}
