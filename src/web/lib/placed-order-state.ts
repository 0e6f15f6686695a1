/**
 * How checkout tells My Orders which order was just placed: router state, so the thanks shows once,
 * right after checkout, and a reload or a later visit shows the plain list.
 */
export interface PlacedOrderState {
  placedOrderId: string;
}

export function placedOrderId(state: unknown): string | undefined {
  const id = (state as Partial<PlacedOrderState> | null)?.placedOrderId;
  return typeof id === 'string' ? id : undefined;
}
