import type { OrderLineRow } from '../db/schema';

/**
 * What an order line keeps for a product with variants ordered without one (a SPEC §7 client, issue
 * 35): no variant id, no stock taken, 'Size to confirm' until the owner chooses the variant.
 */
export const VARIANT_TO_CONFIRM = { sku: '', options: {}, toConfirm: true } as const;

/** Whether the line waits for the owner to choose its variant (nothing of it is taken from stock yet). */
export function awaitsVariant(line: Pick<OrderLineRow, 'variant' | 'variantId'>): boolean {
  return line.variantId === null && line.variant?.toConfirm === true;
}
