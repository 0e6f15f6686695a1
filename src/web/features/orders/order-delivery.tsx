import type { DeliveryState } from '@/shared/constants';
import type { DeliveryHistoryEntry, ShipmentDto } from '@/shared/schemas/delivery';
import type { OrderDto } from '@/shared/schemas/order';
import { messages } from '@/web/i18n/messages';
import { format } from '@/web/i18n/language';
import { deliveryStateLabel, deliveryTone } from '@/web/lib/delivery-words';

const d = messages.delivery;

// An order's road after 'Confirmed' (issue 36) as the shopper's screens show it.

export type OrderShipment = ShipmentDto;
export type { DeliveryHistoryEntry };

/** What issue 36 adds to the order answer (src/shared/schemas/order.ts). */
export type OrderDeliveryFields = Pick<
  OrderDto,
  'governorate' | 'deliveryZone' | 'cashOnDeliveryFee' | 'deliveryState' | 'shipment' | 'deliveryHistory'
>;

/**
 * The order with its delivery fields, as far as the answer carried them: an order checkout stored
 * before them, or an older server's, has none.
 */
export function deliveryOf(order: OrderDto): Partial<OrderDeliveryFields> {
  return order as OrderDto & Partial<OrderDeliveryFields>;
}

/**
 * The delivery state beside the status, once the parcel has left and where the status does not say it
 * already: 'Not shipped yet' is not news, and a delivered order's status is 'completed' (SPEC §4's
 * delivered), which in Arabic is the very same words.
 */
export function DeliveryBadge({ state, status }: { state: DeliveryState | undefined; status: string }) {
  if (!state || state === 'notShipped') return null;
  if (state === 'delivered' && status === 'completed') return null;
  return (
    <span
      className={`inline-flex items-center rounded-pill px-3 py-1 text-xs font-semibold ring-1 ring-inset ${deliveryTone(state)}`}
      data-delivery-state={state}
    >
      {deliveryStateLabel(state)}
    </span>
  );
}

/**
 * 'Tracking number: 123…', the number a link to the courier's page when there is one (a new tab, so the
 * order stays open; noopener so the courier's page cannot reach back into the shop's).
 */
export function TrackingNumber({ shipment }: { shipment: OrderShipment | null | undefined }) {
  if (!shipment?.trackingNumber) return null;
  const number = shipment.trackingNumber;
  return (
    <p className="text-sm text-ink-soft">
      <span className="text-muted">{d.trackingNumber}: </span>
      {shipment.trackingUrl ? (
        <a
          href={shipment.trackingUrl}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={format(d.trackParcel, { number })}
          className="font-medium text-accent-strong underline underline-offset-4"
        >
          <bdi dir="ltr">{number}</bdi>
        </a>
      ) : (
        <bdi dir="ltr" className="font-medium text-ink">
          {number}
        </bdi>
      )}
    </p>
  );
}
