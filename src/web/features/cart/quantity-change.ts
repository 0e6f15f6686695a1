/** What a minus or plus press asks of the server (SPEC §4): a quantity below 1 removes the line. */
export type QuantityChange =
  { kind: 'set'; productId: string; quantity: number } | { kind: 'remove'; productId: string };

export function quantityChange(productId: string, current: number, delta: number): QuantityChange {
  const quantity = current + delta;
  return quantity >= 1 ? { kind: 'set', productId, quantity } : { kind: 'remove', productId };
}
