import type { Courier } from '@/shared/constants';
import type { DeliveryMove } from '@/shared/schemas/delivery';
import { messages } from '@/web/admin/messages';

export type { Courier } from '@/shared/constants';

// The moves staff may make, and where each state may go: the shared rule the server enforces.
export { DELIVERY_MOVES as DELIVERY_ROUTES } from '@/shared/schemas/delivery';
export { DELIVERY_NEXT as NEXT_DELIVERY_STATES } from '@/shared/delivery';
export type { DeliveryMove as DeliveryRoute } from '@/shared/schemas/delivery';
type DeliveryRoute = DeliveryMove;

const s = messages.shipping;

/** The button that moves an order (or the selected ones) to each state. */
export const MOVE_LABELS: Record<DeliveryRoute, string> = {
  shipped: s.markShipped,
  delivered: s.markDelivered,
  refused: s.markRefused,
  returned: s.markReturned,
};

export { deliveryTone } from '@/web/lib/delivery-words';

export function courierName(courier: Courier): string {
  return s.couriers[courier];
}
