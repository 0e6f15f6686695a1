import { z } from 'zod';
import { messages } from '../messages';
import { AnswerIdSchema, CountSchema, EgpSchema } from './common';
import { ImageSchema } from './product';
import { VariantOptionsSchema } from './variants';

const m = messages.cart;

const productId = z.uuid({ error: m.invalidProductId });
const quantity = z.coerce
  .number({ error: m.quantityRule })
  .int(m.quantityRule)
  .min(1, m.quantityRule)
  .max(1000, m.quantityRule);

/** The chosen variant; required for a product that has variants ('Please choose a Size'). */
const variantId = z
  .uuid({ error: m.invalidVariantId })
  .nullable()
  .optional()
  .describe("The chosen variant's id; required for a product with variants, null or left out otherwise");

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
  /** The chosen variant with today's price and stock; null for a product without variants. */
  variant: z
    .object({
      _id: AnswerIdSchema,
      sku: z.string(),
      options: VariantOptionsSchema,
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
