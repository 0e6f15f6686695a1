import { ExternalLink, Send, XCircle } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { governorateName } from '@/shared/governorates';
import { inLanguage } from '@/shared/localized';
import { formatDateTime } from '@/web/i18n/dates';
import { isolate } from '@/web/i18n/bidi';
import { format, formatEgp, language } from '@/web/i18n/language';
import { messages } from '@/web/admin/messages';
import { failureText } from '@/web/lib/failure-text';
import { notify } from '@/web/lib/notify';
import {
  useCancelBosta,
  useMoveDelivery,
  useSendToBosta,
  type DeliveryOrder,
  type Shipment,
} from './api/delivery';
import { ConfirmDialog } from './confirm-dialog';
import { DeliveryBadge } from './delivery-badge';
import { courierName, MOVE_LABELS, NEXT_DELIVERY_STATES, type DeliveryRoute } from './delivery-words';

const s = messages.shipping;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_1fr] gap-2 py-1.5 text-sm">
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0 break-words text-ink">{children}</dd>
    </div>
  );
}

/** The parcel: its courier, how far the courier's copy came, its tracking, and the cash it carries. */
function ShipmentFacts({ shipment }: { shipment: Shipment }) {
  return (
    <>
      <Fact label={s.courier}>{courierName(shipment.courier)}</Fact>
      {shipment.courier !== 'manual' && (
        <Fact label={s.courierRequest}>
          {s.shipmentRequests[shipment.request]}
          {shipment.courierState && (
            <span className="text-muted">
              {' · '}
              <bdi>{shipment.courierState}</bdi>
            </span>
          )}
          {shipment.request === 'failed' && shipment.error && (
            <span role="alert" className="mt-1 block font-semibold text-danger">
              {format(s.courierRefusal, { error: isolate(shipment.error) })}
            </span>
          )}
        </Fact>
      )}
      {shipment.trackingNumber && (
        <Fact label={s.trackingNumber}>
          <bdi dir="ltr">{shipment.trackingNumber}</bdi>
          {shipment.trackingUrl && (
            <a
              href={shipment.trackingUrl}
              target="_blank"
              rel="noreferrer"
              className="ms-3 inline-flex items-center gap-1 text-accent hover:underline"
            >
              {s.trackParcel}
              <ExternalLink className="size-3.5" aria-hidden="true" />
            </a>
          )}
        </Fact>
      )}
      <Fact label={s.cashToCollect}>{formatEgp(shipment.cashToCollect)}</Fact>
      <Fact label={s.cashCollected}>
        {shipment.cashCollected === null
          ? s.notCollected
          : shipment.collectedAt
            ? format(s.cashCollectedOn, {
                amount: formatEgp(shipment.cashCollected),
                date: formatDateTime(shipment.collectedAt),
              })
            : formatEgp(shipment.cashCollected)}
      </Fact>
      <Fact label={s.settlement}>{shipment.settled ? s.settled : s.notSettled}</Fact>
    </>
  );
}

/** The moves the order's state allows, each a button; shipping by hand may carry a tracking number. */
function Moves({ order }: { order: DeliveryOrder }) {
  const [trackingNumber, setTrackingNumber] = useState('');
  const trackingId = useId();
  const move = useMoveDelivery(order._id, {
    onSuccess: (answer) => {
      notify.success(answer.message);
      setTrackingNumber('');
    },
  });
  const next = NEXT_DELIVERY_STATES[order.deliveryState];
  if (next.length === 0) {
    return order.deliveryState === 'delivered' ? <p className="text-sm text-muted">{s.noMoves}</p> : null;
  }
  const send = (state: DeliveryRoute) =>
    move.mutate(
      { state, ...(state === 'shipped' && { trackingNumber }) },
      { onError: (error) => notify.error(failureText(error, s.deliveryFailed)) },
    );
  return (
    <div className="flex flex-col gap-3">
      {next.includes('shipped') && (
        <div className="max-w-xs">
          <label htmlFor={trackingId} className="label">
            {s.trackingNumberOptional}
          </label>
          <input
            id={trackingId}
            className="field"
            dir="ltr"
            maxLength={60}
            value={trackingNumber}
            onChange={(event) => setTrackingNumber(event.target.value)}
          />
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {next.map((state) => (
          <button
            key={state}
            type="button"
            className={state === 'refused' || state === 'returned' ? 'btn btn-outline' : 'btn btn-primary'}
            disabled={move.isPending}
            onClick={() => send(state)}
          >
            {MOVE_LABELS[state]}
          </button>
        ))}
      </div>
      {(next.includes('refused') || next.includes('returned')) && (
        <p className="text-xs text-muted">{s.movesHint}</p>
      )}
    </div>
  );
}

/** 'Send to Bosta' while the order is not on the road, 'Cancel the Bosta shipment' while Bosta holds it. */
function BostaActions({ order }: { order: DeliveryOrder }) {
  const [confirming, setConfirming] = useState(false);
  const send = useSendToBosta({
    onSuccess: (answer) => {
      const result = answer.results.find((each) => each.orderId === order._id);
      if (result && !result.ok) notify.error(result.message);
      else notify.success(result?.message ?? answer.message);
    },
  });
  const cancel = useCancelBosta(order._id, {
    onSuccess: (answer) => {
      setConfirming(false);
      notify.success(answer.message);
    },
  });
  const { shipment } = order;
  const atBosta =
    shipment?.courier === 'bosta' && (shipment.request === 'queued' || shipment.request === 'created');
  const canSend =
    order.deliveryState === 'notShipped' &&
    (!shipment || shipment.request === 'failed' || shipment.request === 'cancelled');
  const canCancel = atBosta && (order.deliveryState === 'notShipped' || order.deliveryState === 'shipped');
  if (!canSend && !canCancel) return null;
  return (
    <div className="flex flex-wrap gap-2 border-t border-line pt-4">
      {canSend && (
        <button
          type="button"
          className="btn btn-outline"
          disabled={send.isPending}
          onClick={() =>
            send.mutate([order._id], {
              onError: (error) => notify.error(failureText(error, s.bostaSendFailed)),
            })
          }
        >
          <Send className="size-4 rtl:-scale-x-100" aria-hidden="true" />
          {s.sendToBosta}
        </button>
      )}
      {canCancel && (
        <button type="button" className="btn btn-outline text-danger" onClick={() => setConfirming(true)}>
          <XCircle className="size-4" aria-hidden="true" />
          {s.cancelBosta}
        </button>
      )}
      {confirming && (
        <ConfirmDialog
          title={format(s.cancelBostaTitle, { number: isolate(order.number) })}
          confirmLabel={s.cancelBosta}
          dismissLabel={s.keepAtBosta}
          busy={cancel.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() =>
            cancel.mutate(undefined, {
              onError: (error) => notify.error(failureText(error, s.cancelBostaFailed)),
            })
          }
        >
          <p>{s.cancelBostaText}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

/**
 * An order's road (issue 36): where it is, where it goes, the parcel and its cash, and what may be done
 * next. The moves offered follow the contract's rules; the server has the last word on each.
 */
export function DeliveryPanel({ order }: { order: DeliveryOrder }) {
  return (
    <section className="card p-5" aria-labelledby="delivery-panel">
      <h2 id="delivery-panel" className="mb-4 text-xl text-ink">
        {s.deliveryPanel}
      </h2>
      <dl className="mb-4">
        <Fact label={s.deliveryState}>
          <DeliveryBadge state={order.deliveryState} />
        </Fact>
        {order.governorate && (
          <Fact label={s.governorate}>{governorateName(order.governorate, language)}</Fact>
        )}
        {order.deliveryZone && (
          <Fact label={s.deliveryZone}>
            <bdi>{inLanguage(order.deliveryZone.name, language) || order.deliveryZone.name.en}</bdi>
          </Fact>
        )}
        {order.shipment && <ShipmentFacts shipment={order.shipment} />}
      </dl>
      {!order.shipment && <p className="mb-4 text-sm text-muted">{s.noShipment}</p>}
      {order.confirmation.awaiting ? (
        // Issue 37: it leaves once the customer confirmed it (the confirmation panel logs that).
        <p className="text-sm font-medium text-warning">{messages.customers.shipAfterConfirmation}</p>
      ) : (
        <div className="flex flex-col gap-4">
          <Moves order={order} />
          <BostaActions order={order} />
        </div>
      )}
    </section>
  );
}
