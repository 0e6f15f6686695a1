import { arabicOptionsOf } from '@/shared/option-texts';
import { messages } from '@/shared/messages';
import type { CartDto } from '@/shared/schemas/cart';
import { finalPricePiastres, toEgp } from '@/shared/money';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { imageDto } from '../images/urls';
import type { SessionUser } from '../plugins/auth-guard';
import { assertAvailable, productNames, readVariantStock, type StockLevel } from '../stock/stock';
import type { ObjectStore } from '../storage/types';
import {
  cartLinesWithProducts,
  clearLines,
  deleteLines,
  ensureCartId,
  findLineQuantity,
  findProductForCart,
  lockCart,
  touchCart,
  upsertLine,
  variantsInCart,
  type CartLineWithProduct,
  type LineKey,
} from './queries';

export interface CartDeps {
  db: Db;
  store: ObjectStore;
}

/** Admins run the shop, they do not buy from it (SPEC §6): no cart at all. */
function assertShopper(user: SessionUser): void {
  if (user.role === 'admin') throw new AppError('FORBIDDEN', messages.cart.cartNotAvailableForAdmins);
}

/** What one of a line costs today: its variant's price (or the product's) with the product's discount. */
export function lineUnitPiastres(line: CartLineWithProduct): number {
  if (line.variantId === null) return line.finalPricePiastres;
  return finalPricePiastres(line.variantPricePiastres ?? line.pricePiastres, line.discount);
}

/** What is on the shelf for a line: its variant's stock, or the product's. */
export function lineAvailable(line: CartLineWithProduct): number {
  return line.variantId === null ? line.availableItems : (line.variantAvailableItems ?? 0);
}

/**
 * The cart as the API answers it; prices are today's, summed in piastres so the subtotal never drifts.
 * A variant's line answers the variant's price and stock under `productId` too (what a client that
 * knows only DESIGN §2 totals and limits the line by).
 */
export function toCartDto(store: ObjectStore, cartId: string, lines: CartLineWithProduct[]): CartDto {
  let subtotalPiastres = 0;
  const products = lines.map((line) => {
    const unitPiastres = lineUnitPiastres(line);
    subtotalPiastres += unitPiastres * line.quantity;
    return {
      _id: line.lineId,
      productId: {
        _id: line.productId,
        id: line.productId,
        name: line.name,
        nameAr: line.nameAr,
        slug: line.slug,
        finalPrice: toEgp(unitPiastres),
        defaultImage: imageDto(store, line.defaultImage),
        avaliableItems: lineAvailable(line),
      },
      quantity: line.quantity,
      variantId: line.variantId,
      variantToConfirm: line.variantId === null && line.productOptions.length > 0,
      variant:
        line.variantId === null
          ? null
          : {
              _id: line.variantId,
              sku: line.variantSku ?? '',
              options: line.variantOptions ?? {},
              optionsAr: arabicOptionsOf(line.productOptions, line.variantOptions ?? {}),
              finalPrice: toEgp(unitPiastres),
              avaliableItems: lineAvailable(line),
            },
    };
  });
  return { _id: cartId, id: cartId, products, subtotal: toEgp(subtotalPiastres) };
}

/** What `POST /cart` and `PATCH /cart` name: a product, its variant when it has variants, a quantity. */
export interface CartLineRequest {
  productId: string;
  variantId?: string | null | undefined;
  quantity: number;
}

export function createCartService({ db, store }: CartDeps) {
  async function cartDto(cartId: string): Promise<CartDto> {
    return toCartDto(store, cartId, await cartLinesWithProducts(db, cartId));
  }

  /**
   * The line a request names and the stock it is held to. A product without variants takes none. A
   * product with variants takes one of its own; without one (a SPEC §7 client, which cannot choose),
   * the line's size is left to the owner to confirm on the order and it is held to the product's total
   * stock (issue 35): refused when every variant is sold out.
   */
  async function lineOf(
    productId: string,
    variantId: string | null | undefined,
  ): Promise<{ key: LineKey; level: StockLevel }> {
    const product = await findProductForCart(db, productId);
    if (!product) throw new AppError('NOT_FOUND', messages.cart.productNotFound);
    const [firstOption] = product.options;
    const name = productNames(product);
    if (!firstOption) {
      if (variantId) throw new AppError('BAD_REQUEST', messages.cart.variantNotOfProduct, { name });
      return {
        key: { productId, variantId: null },
        level: { productId, name, available: product.available },
      };
    }
    if (!variantId) {
      return {
        key: { productId, variantId: null },
        level: { productId, name, available: product.available },
      };
    }
    const level = (await readVariantStock(db, [variantId])).get(variantId);
    if (!level || level.productId !== productId) {
      throw new AppError('BAD_REQUEST', messages.cart.variantNotOfProduct, { name });
    }
    return { key: { productId, variantId }, level };
  }

  /** 'Please choose a Size': the request names no line of a product that has several in the cart. */
  async function refuseUnnamedLine(productId: string): Promise<never> {
    const [firstOption] = (await findProductForCart(db, productId))?.options ?? [];
    throw new AppError('BAD_REQUEST', messages.cart.chooseOption, { option: firstOption?.name ?? '' });
  }

  return {
    /** The user's cart, created on first use: a client may never call `POST /cart/create` (DESIGN §2). */
    async get(user: SessionUser): Promise<CartDto> {
      assertShopper(user);
      return cartDto(await ensureCartId(db, user.id));
    },

    /** Adds `quantity` of a product (or of its variant), or raises its line by that much; never past the stock. */
    async add(user: SessionUser, request: CartLineRequest): Promise<CartDto> {
      assertShopper(user);
      const cartId = await ensureCartId(db, user.id);
      const { key, level } = await lineOf(request.productId, request.variantId);
      await db.transaction(async (tx) => {
        await lockCart(tx, cartId);
        const current = (await findLineQuantity(tx, cartId, key)) ?? 0;
        assertAvailable(level, current + request.quantity);
        await upsertLine(tx, cartId, key, current + request.quantity);
        await touchCart(tx, cartId);
      });
      return cartDto(cartId);
    },

    /**
     * Sets the quantity of a line already in the cart (SPEC §5: 'Product not found in cart' otherwise).
     * Without `variantId`, the product's only line: a client that knows only DESIGN §2 still steps
     * the quantity of a line that a newer client added with a size.
     */
    async setQuantity(user: SessionUser, request: CartLineRequest): Promise<CartDto> {
      assertShopper(user);
      const cartId = await ensureCartId(db, user.id);
      let { variantId } = request;
      if (variantId === undefined) {
        const lines = await variantsInCart(db, cartId, request.productId);
        if (lines.length === 0) throw new AppError('NOT_FOUND', messages.cart.productNotInCart);
        if (lines.length === 1) variantId = lines[0];
        // Two lines of the product (two sizes, or one with a size and one to confirm): say which.
        else await refuseUnnamedLine(request.productId);
      }
      const { key, level } = await lineOf(request.productId, variantId);
      await db.transaction(async (tx) => {
        await lockCart(tx, cartId);
        if ((await findLineQuantity(tx, cartId, key)) === null) {
          throw new AppError('NOT_FOUND', messages.cart.productNotInCart);
        }
        assertAvailable(level, request.quantity);
        await upsertLine(tx, cartId, key, request.quantity);
        await touchCart(tx, cartId);
      });
      return cartDto(cartId);
    },

    /** Removes the line with this `_id`, or every line of the product with this id. */
    async remove(user: SessionUser, lineOrProductId: string): Promise<CartDto> {
      assertShopper(user);
      const cartId = await ensureCartId(db, user.id);
      if (!(await deleteLines(db, cartId, lineOrProductId))) {
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
