import { z } from 'zod';
import { messages } from '../messages';
import type { ImageDto } from './product';

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

export interface CartLineDto {
  _id: string;
  productId: {
    _id: string;
    id: string;
    name: string;
    slug: string;
    finalPrice: number;
    defaultImage: ImageDto;
    avaliableItems: number;
  };
  quantity: number;
}

export interface CartDto {
  _id: string;
  id: string;
  products: CartLineDto[];
  subtotal: number;
}
