import type { CourierAdapter, CourierOrder, CreatedShipment } from './types';

/**
 * The courier's delivery for `order`, made only if the courier has none yet. What a job that creates
 * a shipment calls on every try, the first included: a try after a timeout, or after a crash between
 * the courier's answer and our commit, finds the delivery the courier made instead of making a
 * second one. `created` says whether this call made it.
 */
export async function createShipmentOnce(
  adapter: CourierAdapter,
  order: CourierOrder,
): Promise<{ shipment: CreatedShipment; created: boolean }> {
  const found = await adapter.findShipment(order.number);
  if (found) return { shipment: found, created: false };
  return { shipment: await adapter.createShipment(order), created: true };
}
