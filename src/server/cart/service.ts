import { messages } from '@/shared/messages';
import type { CartDto } from '@/shared/schemas/cart';
import { toEgp } from '@/shared/money';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { imageDto } from '../images/urls';
import type { SessionUser } from '../plugins/auth-guard';
import { assertAvailable, readStock } from '../stock/stock';
import type { ObjectStore } from '../storage/types';
import {
  cartLinesWithProducts,
  clearLines,
  deleteLine,
  ensureCartId,
  findLineQuantity,
  lockCart,
  touchCart,
  upsertLine,
  type CartLineWithProduct,
} from './queries';

export interface CartDeps {
  db: Db;
  store: ObjectStore;
}

/** Admins run the shop, they do not buy from it (SPEC §6): no cart at all. */
function assertShopper(user: SessionUser): void {
  if (user.role === 'admin') throw new AppError('FORBIDDEN', messages.cart.cartNotAvailableForAdmins);
}

/** The cart as the API answers it; prices are today's, summed in piastres so the subtotal never drifts. */
export function toCartDto(store: ObjectStore, cartId: string, lines: CartLineWithProduct[]): CartDto {
  let subtotalPiastres = 0;
  const products = lines.map((line) => {
    subtotalPiastres += line.finalPricePiastres * line.quantity;
    return {
      _id: line.lineId,
      productId: {
        _id: line.productId,
        id: line.productId,
        name: line.name,
        slug: line.slug,
        finalPrice: toEgp(line.finalPricePiastres),
        defaultImage: imageDto(store, line.defaultImage),
        avaliableItems: line.availableItems,
      },
      quantity: line.quantity,
    };
  });
  return { _id: cartId, id: cartId, products, subtotal: toEgp(subtotalPiastres) };
}

export function createCartService({ db, store }: CartDeps) {
  async function cartDto(cartId: string): Promise<CartDto> {
    return toCartDto(store, cartId, await cartLinesWithProducts(db, cartId));
  }

  async function stockOf(productId: string) {
    const level = (await readStock(db, [productId])).get(productId);
    if (!level) throw new AppError('NOT_FOUND', messages.cart.productNotFound);
    return level;
  }

  return {
    /** The user's cart, created on first use: a client may never call `POST /cart/create` (DESIGN §2). */
    async get(user: SessionUser): Promise<CartDto> {
      assertShopper(user);
      return cartDto(await ensureCartId(db, user.id));
    },

    /** Adds `quantity` of a product, or raises its line by that much; never past the stock. */
    async add(user: SessionUser, productId: string, quantity: number): Promise<CartDto> {
      assertShopper(user);
      const cartId = await ensureCartId(db, user.id);
      const level = await stockOf(productId);
      await db.transaction(async (tx) => {
        await lockCart(tx, cartId);
        const current = (await findLineQuantity(tx, cartId, productId)) ?? 0;
        assertAvailable(level, current + quantity);
        await upsertLine(tx, cartId, productId, current + quantity);
        await touchCart(tx, cartId);
      });
      return cartDto(cartId);
    },

    /** Sets the quantity of a line already in the cart (SPEC §5: 'Product not found in cart' otherwise). */
    async setQuantity(user: SessionUser, productId: string, quantity: number): Promise<CartDto> {
      assertShopper(user);
      const cartId = await ensureCartId(db, user.id);
      const level = await stockOf(productId);
      await db.transaction(async (tx) => {
        await lockCart(tx, cartId);
        if ((await findLineQuantity(tx, cartId, productId)) === null) {
          throw new AppError('NOT_FOUND', messages.cart.productNotInCart);
        }
        assertAvailable(level, quantity);
        await upsertLine(tx, cartId, productId, quantity);
        await touchCart(tx, cartId);
      });
      return cartDto(cartId);
    },

    async remove(user: SessionUser, productId: string): Promise<CartDto> {
      assertShopper(user);
      const cartId = await ensureCartId(db, user.id);
      if (!(await deleteLine(db, cartId, productId))) {
        throw new AppError('NOT_FOUND', messages.cart.productNotInCart);
      }
      await touchCart(db, cartId);
      return cartDto(cartId);
    },

    async clear(user: SessionUser): Promise<CartDto> {
      assertShopper(user);
      const cartId = await ensureCartId(db, user.id);
      await clearLines(db, cartId);
      await touchCart(db, cartId);
      return cartDto(cartId);
    },
  };
}
