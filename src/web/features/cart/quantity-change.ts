import type { CartLineDto } from '@/shared/schemas/cart';

/**
 * What a minus or plus press asks of the server (SPEC §4): a quantity below 1 removes the line. A line
 * is its product in one size and colour, so a change names the line: its product and variant to set
 * the quantity, its own `_id` to remove it (two sizes of one dress are two independent lines).
 */
export type QuantityChange =
  | { kind: 'set'; lineId: string; productId: string; variantId: string | null; quantity: number }
  | { kind: 'remove'; lineId: string };

type ChangedLine = Pick<CartLineDto, '_id' | 'variantId' | 'quantity'> & { productId: { _id: string } };

export function quantityChange(line: ChangedLine, delta: number): QuantityChange {
  const quantity = line.quantity + delta;
  return quantity >= 1
    ? { kind: 'set', lineId: line._id, productId: line.productId._id, variantId: line.variantId, quantity }
    : { kind: 'remove', lineId: line._id };
}
