import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { cartLines, carts, products } from '../db/schema';

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

/** A cart line with today's product data, as the cart and the checkout read it. */
export const cartLineColumns = {
  lineId: cartLines.id,
  quantity: cartLines.quantity,
  productId: products.id,
  name: products.name,
  slug: products.slug,
  finalPricePiastres: products.finalPricePiastres,
  defaultImage: products.defaultImage,
  availableItems: products.availableItems,
};

/** The cart's lines with today's product data, oldest line first (the order the shopper added them). */
export function cartLinesWithProducts(db: DbOrTx, cartId: string) {
  return db
    .select(cartLineColumns)
    .from(cartLines)
    .innerJoin(products, eq(products.id, cartLines.productId))
    .where(eq(cartLines.cartId, cartId))
    .orderBy(asc(cartLines.createdAt), asc(cartLines.id));
}
export type CartLineWithProduct = Awaited<ReturnType<typeof cartLinesWithProducts>>[number];

export async function findLineQuantity(
  db: DbOrTx,
  cartId: string,
  productId: string,
): Promise<number | null> {
  const [row] = await db
    .select({ quantity: cartLines.quantity })
    .from(cartLines)
    .where(and(eq(cartLines.cartId, cartId), eq(cartLines.productId, productId)))
    .limit(1);
  return row?.quantity ?? null;
}

export async function upsertLine(db: DbOrTx, cartId: string, productId: string, quantity: number) {
  await db
    .insert(cartLines)
    .values({ cartId, productId, quantity })
    .onConflictDoUpdate({ target: [cartLines.cartId, cartLines.productId], set: { quantity } });
}

/** Returns whether there was such a line. */
export async function deleteLine(db: DbOrTx, cartId: string, productId: string): Promise<boolean> {
  const deleted = await db
    .delete(cartLines)
    .where(and(eq(cartLines.cartId, cartId), eq(cartLines.productId, productId)))
    .returning({ id: cartLines.id });
  return deleted.length > 0;
}

export async function clearLines(db: DbOrTx, cartId: string): Promise<void> {
  await db.delete(cartLines).where(eq(cartLines.cartId, cartId));
}

export async function touchCart(db: DbOrTx, cartId: string): Promise<void> {
  await db.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId));
}
