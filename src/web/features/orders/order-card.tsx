import { isolate } from '@/web/i18n/bidi';
import { formatDateTime } from '@/web/i18n/dates';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/i18n/messages';
import { formatEgp } from '@/web/i18n/language';
import { OWNER_CANCELLABLE_STATUSES } from '@/shared/constants';
import { PAYMENT_TYPE_LABELS } from '@/web/components/order-status';
import type { OrderDto, OrderLineDto } from '@/shared/schemas/order';
import { Link } from 'react-router';
import { StatusBadge } from '@/web/components/status-badge';
import { lineOptionsText } from '@/web/lib/chosen-options-text';
import { localizedName } from '@/web/lib/localized';
import { href } from '@/web/paths';
import { governorateLabel } from '@/web/lib/delivery-words';
import { DeliveryBadge, deliveryOf, TrackingNumber } from './order-delivery';

const m = messages.orders;
const d = messages.delivery;

function lineImage(line: OrderLineDto): string | undefined {
  return line.product.images?.[0]?.url || line.product.defaultImage?.url || undefined;
}

export function canCancel(status: string): boolean {
  return (OWNER_CANCELLABLE_STATUSES as readonly string[]).includes(status);
}

interface OrderCardProps {
  order: OrderDto;
  cancelling: boolean;
  onCancel: (orderId: string) => void;
}

/** One order of /allorders: number, date, coloured status, lines and the stored totals. */
export function OrderCard({ order, cancelling, onCancel }: OrderCardProps) {
  const titleId = `order-${order._id}`;
  const { deliveryState, governorate, shipment, cashOnDeliveryFee } = deliveryOf(order);
  return (
    <article aria-labelledby={titleId} className="card overflow-hidden">
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-line bg-sand/60 px-5 py-4">
        <div>
          <h2 id={titleId} className="font-sans text-base font-semibold" title={order._id}>
            {format(m.orderNumber, { number: isolate(order.number) })}
          </h2>
          <p className="text-sm text-muted">
            {format(m.placedOn, { date: isolate(formatDateTime(order.createdAt)) })}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <StatusBadge status={order.status} />
          <DeliveryBadge state={deliveryState} status={order.status} />
        </div>
      </header>

      <ul className="divide-y divide-line px-5">
        {order.products.map((line) => {
          const image = lineImage(line);
          return (
            <li key={line._id} className="flex items-center gap-4 py-3">
              {image ? (
                <img
                  src={image}
                  alt=""
                  width={56}
                  height={56}
                  loading="lazy"
                  className="size-14 shrink-0 rounded-field bg-sand object-cover"
                />
              ) : (
                <span aria-hidden className="size-14 shrink-0 rounded-field bg-sand" />
              )}
              <span className="min-w-0 flex-1 font-medium">
                <bdi>{localizedName(line.product)}</bdi>
                {lineOptionsText(line) ? (
                  <span className="block text-sm font-normal text-ink-soft">{lineOptionsText(line)}</span>
                ) : null}
              </span>
              <span className="text-sm text-ink-soft tabular-nums">
                {format(m.lineQuantityPrice, { n: line.quantity, price: isolate(formatEgp(line.unitPrice)) })}
              </span>
            </li>
          );
        })}
      </ul>

      <footer className="flex flex-col gap-4 border-t border-line px-5 py-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="text-sm text-ink-soft">
          <p>{format(m.paymentLabel, { method: PAYMENT_TYPE_LABELS[order.paymentType] })}</p>
          <p className="mt-1 max-w-md">
            <span className="text-muted">{m.deliverTo}: </span>
            {/* In the language the order was placed in, which may not be the page's. */}
            <bdi>{order.address}</bdi>
          </p>
          {governorate ? (
            <p className="mt-1">
              <span className="text-muted">{d.governorate}: </span>
              {governorateLabel(governorate)}
            </p>
          ) : null}
          <div className="mt-1 empty:hidden">
            <TrackingNumber shipment={shipment} />
          </div>
        </div>
        <div className="flex flex-col gap-3 sm:items-end">
          <dl className="grid grid-cols-[auto_auto] gap-x-6 gap-y-1 text-sm">
            <dt className="text-ink-soft">{m.subtotal}</dt>
            <dd className="text-end tabular-nums">{formatEgp(order.totalPrice)}</dd>
            <dt className="text-ink-soft">{m.shippingFee}</dt>
            <dd className="text-end tabular-nums">{formatEgp(order.shippingFee)}</dd>
            {cashOnDeliveryFee ? (
              <>
                <dt className="text-ink-soft">{d.cashOnDeliveryFee}</dt>
                <dd className="text-end tabular-nums">{formatEgp(cashOnDeliveryFee)}</dd>
              </>
            ) : null}
            <dt className="font-semibold">{m.total}</dt>
            <dd className="text-end font-semibold tabular-nums">{formatEgp(order.grandTotal)}</dd>
          </dl>
          <div className="flex flex-wrap gap-2 sm:justify-end">
            <Link to={href.order(order._id)} className="btn btn-outline">
              {format(m.viewOrder, { number: isolate(order.number) })}
            </Link>
            {canCancel(order.status) && (
              <button
                type="button"
                className="btn btn-outline border-danger/40 text-danger hover:border-danger"
                disabled={cancelling}
                onClick={() => onCancel(order._id)}
              >
                {m.cancelOrder}
              </button>
            )}
          </div>
        </div>
      </footer>
    </article>
  );
}
