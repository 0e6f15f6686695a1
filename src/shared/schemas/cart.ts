import { z } from 'zod';
import { plainNumber } from '../digits';
import { messages } from '../messages';
import { AnswerIdSchema, CountSchema, EgpSchema } from './common';
import { ImageSchema } from './product';
import { VariantOptionsArSchema, VariantOptionsSchema } from './variants';

const m = messages.cart;

const productId = z.uuid({ error: m.invalidProductId });
const quantity = plainNumber(
  'integer',
  m.quantityRule,
  z.number({ error: m.quantityRule }).int(m.quantityRule).min(1, m.quantityRule).max(1000, m.quantityRule),
);

/**
 * The chosen variant. Nour's storefront always sends it for a product with variants; a client that
 * knows only SPEC §7 sends none, and its line's size is then confirmed by the owner (issue 35).
 */
const variantId = z
  .uuid({ error: m.invalidVariantId })
  .nullable()
  .optional()
  .describe(
    "The chosen variant's id. Left out for a product with variants, the line waits for the owner to " +
      "choose it on the order (held to the product's total stock); null or left out for a product without.",
  );

export const AddToCartSchema = z.object({
  productId,
  variantId,
  quantity: quantity.optional().default(1),
});
export const SetQuantitySchema = z.object({ productId, variantId, quantity });
/** `PATCH /cart/{productId}`: a line's `_id` removes that line; a product id removes every line of it. */
export const CartProductParamsSchema = z.object({
  productId: productId.describe("A cart line's `_id`, or a product id (every line of that product)"),
});

/**
 * A cart line; `productId` is the product itself, with today's price and stock (DESIGN §2). For a line
 * of a variant, `productId.finalPrice` is the variant's (what the line costs) and `avaliableItems` the
 * variant's stock, so a client that knows only DESIGN §2 still totals and limits the line right.
 */
export const CartLineSchema = z.object({
  _id: AnswerIdSchema,
  productId: z.object({
    _id: AnswerIdSchema,
    id: AnswerIdSchema,
    name: z.string(),
    /** The Arabic name (issue 14); empty when there is none. */
    nameAr: z.string(),
    slug: z.string(),
    finalPrice: EgpSchema,
    defaultImage: ImageSchema,
    avaliableItems: CountSchema,
  }),
  quantity: CountSchema,
  /** The chosen variant's id; null for a product without variants. */
  variantId: AnswerIdSchema.nullable(),
  /**
   * A line of a product with variants added without one (a SPEC §7 client): 'Size to confirm', held to
   * the product's total stock, its size chosen by the owner on the order (issue 35).
   */
  variantToConfirm: z.boolean(),
  /** The chosen variant with today's price and stock; null for a product without variants. */
  variant: z
    .object({
      _id: AnswerIdSchema,
      sku: z.string(),
      options: VariantOptionsSchema,
      optionsAr: VariantOptionsArSchema.optional(),
      finalPrice: EgpSchema,
      avaliableItems: CountSchema,
    })
    .nullable(),
});
export type CartLineDto = z.infer<typeof CartLineSchema>;

export const CartSchema = z.object({
  _id: AnswerIdSchema,
  id: AnswerIdSchema,
  products: z.array(CartLineSchema),
  /** The lines at today's prices, in EGP. */
  subtotal: EgpSchema,
});
export type CartDto = z.infer<typeof CartSchema>;

/** `GET /cart`. */
export const CartAnswerSchema = z
  .object({ success: z.literal(true), cart: CartSchema })
  .describe("The caller's cart");
export type CartAnswer = z.infer<typeof CartAnswerSchema>;

/** Every cart change answers the whole cart, so a client can show it without asking again. */
export const CartChangeAnswerSchema = z
  .object({ success: z.literal(true), message: z.string(), cart: CartSchema })
  .describe('The whole cart after the change');
export type CartChangeAnswer = z.infer<typeof CartChangeAnswerSchema>;
