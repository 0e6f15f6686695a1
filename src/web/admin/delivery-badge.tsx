import type { DeliveryState } from '@/shared/constants';
import { messages } from '@/web/admin/messages';
import type { Shipment } from './api/delivery';
import { deliveryTone } from './delivery-words';

const s = messages.shipping;

/** Where an order is on the road, in its colour. */
export function DeliveryBadge({ state }: { state: DeliveryState }) {
  return (
    <span
      className={`inline-flex rounded-pill px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${deliveryTone(state)}`}
    >
      {s.deliveryStates[state]}
    </span>
  );
}

/** The badge and, once the parcel has one, its tracking number: what the desk's Delivery column shows. */
export function DeliveryCell({ state, shipment }: { state: DeliveryState; shipment: Shipment | null }) {
  return (
    <div className="flex flex-col items-start gap-1">
      <DeliveryBadge state={state} />
      {shipment?.trackingNumber && (
        <span className="text-xs text-muted">
          {/* The number alone under the badge reads as what it is; a screen reader hears its name too. */}
          <span className="sr-only">{s.trackingNumber}: </span>
          <bdi dir="ltr">{shipment.trackingNumber}</bdi>
        </span>
      )}
    </div>
  );
}
