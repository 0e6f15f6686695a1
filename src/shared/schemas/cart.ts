import { z } from 'zod';
import { messages } from '../messages';
import { AnswerIdSchema, CountSchema, EgpSchema } from './common';
import { ImageSchema } from './product';

const m = messages.cart;

const productId = z.uuid({ error: m.invalidProductId });
const quantity = z.coerce
  .number({ error: m.quantityRule })
  .int(m.quantityRule)
  .min(1, m.quantityRule)
  .max(1000, m.quantityRule);

export const AddToCartSchema = z.object({ productId, quantity: quantity.optional().default(1) });
export const SetQuantitySchema = z.object({ productId, quantity });
export const CartProductParamsSchema = z.object({ productId });

/** A cart line; `productId` is the product itself, with today's price and stock (DESIGN §2). */
export const CartLineSchema = z.object({
  _id: AnswerIdSchema,
  productId: z.object({
    _id: AnswerIdSchema,
    id: AnswerIdSchema,
    name: z.string(),
    slug: z.string(),
    finalPrice: EgpSchema,
    defaultImage: ImageSchema,
    avaliableItems: CountSchema,
  }),
  quantity: CountSchema,
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
