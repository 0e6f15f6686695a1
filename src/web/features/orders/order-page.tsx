import { useQuery } from '@tanstack/react-query';
import { CircleCheck, CircleX, PackageX } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { isolate } from '@/web/i18n/bidi';
import { formatDateTime } from '@/web/i18n/dates';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/i18n/messages';
import { toEgp, toPiastres } from '@/shared/money';
import { formatEgp } from '@/web/i18n/language';
import type { OrderDto, OrderLineDto } from '@/shared/schemas/order';
import { EmptyState } from '@/web/components/empty-state';
import { LoadFailure } from '@/web/components/load-failure';
import { Spinner } from '@/web/components/spinner';
import { StatusBadge } from '@/web/components/status-badge';
import { WhatsAppLink } from '@/web/components/whatsapp-link';
import { lineOptionsText } from '@/web/lib/chosen-options-text';
import { localizedName } from '@/web/lib/localized';
import { ApiError } from '@/web/lib/api';
import { failureText } from '@/web/lib/failure-text';
import { placedOrderId } from '@/web/lib/placed-order-state';
import { useDocumentTitle } from '@/web/lib/shop';
import { href } from '@/web/paths';
import { orderQuery } from './api/get-order';
import { OrderPayment } from './order-payment';
import { governorateLabel } from '@/web/lib/delivery-words';
import { DeliveryBadge, deliveryOf, TrackingNumber } from './order-delivery';
import { OrderTimeline } from './order-timeline';

const m = messages.orders;
const d = messages.delivery;

/** The size and colour a line was bought in, as variants will snapshot it on the line (issue 13). */
function lineImage(line: OrderLineDto): string | undefined {
  return line.product.defaultImage?.url || line.product.images?.[0]?.url || undefined;
}

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="card p-5 sm:p-6">
      <h2 id={id} className="mb-4 text-xl">
        {title}
      </h2>
      {children}
    </section>
  );
}

function OrderLines({ order }: { order: OrderDto }) {
  const { cashOnDeliveryFee } = deliveryOf(order);
  return (
    <Card id="order-items" title={m.items}>
      <ul className="divide-y divide-line">
        {order.products.map((line) => {
          const image = lineImage(line);
          const variant = lineOptionsText(line);
          return (
            <li key={line._id} className="flex items-center gap-4 py-3 first:pt-0">
              {image ? (
                <img
                  src={image}
                  alt=""
                  width={64}
                  height={64}
                  className="size-16 shrink-0 rounded-field bg-sand object-cover"
                />
              ) : (
                <span aria-hidden="true" className="size-16 shrink-0 rounded-field bg-sand" />
              )}
              <div className="min-w-0 flex-1">
                <p className="font-medium break-words text-ink">
                  <bdi>{localizedName(line.product)}</bdi>
                </p>
                {variant ? <p className="text-sm text-muted">{variant}</p> : null}
                <p className="text-sm text-ink-soft tabular-nums">
                  {format(m.lineQuantityPrice, {
                    n: line.quantity,
                    price: isolate(formatEgp(line.unitPrice)),
                  })}
                </p>
              </div>
              <p className="shrink-0 font-medium text-ink tabular-nums">
                {formatEgp(toEgp(toPiastres(line.unitPrice) * line.quantity))}
              </p>
            </li>
          );
        })}
      </ul>
      <dl className="mt-2 flex flex-col gap-2 border-t border-line pt-4 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-ink-soft">{m.subtotal}</dt>
          <dd className="tabular-nums">{formatEgp(order.totalPrice)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-ink-soft">{m.shippingFee}</dt>
          <dd className="tabular-nums">{formatEgp(order.shippingFee)}</dd>
        </div>
        {cashOnDeliveryFee ? (
          <div className="flex justify-between gap-4">
            <dt className="text-ink-soft">{d.cashOnDeliveryFee}</dt>
            <dd className="tabular-nums">{formatEgp(cashOnDeliveryFee)}</dd>
          </div>
        ) : null}
        <div className="mt-1 flex justify-between gap-4 border-t border-line pt-3 text-base font-semibold">
          <dt>{m.total}</dt>
          <dd className="tabular-nums">{formatEgp(order.grandTotal)}</dd>
        </div>
      </dl>
    </Card>
  );
}

function Delivery({ order }: { order: OrderDto }) {
  const { governorate, shipment } = deliveryOf(order);
  return (
    <Card id="order-delivery" title={m.deliverTo}>
      <address className="text-sm leading-relaxed text-ink-soft not-italic">
        <span className="block font-medium text-ink">
          <bdi>{order.name}</bdi>
        </span>
        {/* Left to right inside the card's own direction, so the number sits under the name. */}
        <span className="block tabular-nums">
          <bdi dir="ltr">{order.phone}</bdi>
        </span>
        {/* In the language the order was placed in, which may not be the page's. */}
        <span className="block break-words">
          <bdi>{order.address}</bdi>
        </span>
        {governorate ? (
          <span className="mt-1 block">
            <span className="text-muted">{d.governorate}: </span>
            {governorateLabel(governorate)}
          </span>
        ) : null}
      </address>
      <div className="mt-3 empty:hidden">
        <TrackingNumber shipment={shipment} />
      </div>
    </Card>
  );
}

function OrderConfirmation({ order, justPlaced }: { order: OrderDto; justPlaced: boolean }) {
  const cancelled = order.status === 'cancelled';
  const Icon = cancelled ? CircleX : CircleCheck;
  return (
    <div className="flex flex-col gap-6">
      <header className="card flex flex-col gap-5 p-5 sm:p-6 md:flex-row md:items-center md:justify-between">
        <div className="flex items-start gap-4">
          <span
            className={`grid size-12 shrink-0 place-items-center rounded-pill ${
              cancelled ? 'bg-danger/12 text-danger' : 'bg-success/12 text-success'
            }`}
          >
            <Icon className="size-6" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            {/* The thanks once, right after checkout; every later visit names the order. */}
            <h1 className="text-title leading-tight">
              {justPlaced ? m.thankYou : m.orderHeading}{' '}
              <span className="block font-sans text-2xl font-semibold tracking-wide text-accent-strong">
                <bdi dir="ltr">{order.number}</bdi>
              </span>
            </h1>
            <p className="mt-2 flex flex-wrap items-center gap-3 text-sm text-muted">
              <span>{format(m.placedOn, { date: isolate(formatDateTime(order.createdAt)) })}</span>
              <StatusBadge status={order.status} />
              <DeliveryBadge state={deliveryOf(order).deliveryState} status={order.status} />
            </p>
          </div>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row md:flex-col lg:flex-row">
          <WhatsAppLink
            label={m.askAboutOrder}
            text={format(m.askAboutOrderText, { number: isolate(order.number) })}
          />
          <Link to={href.orders()} className="btn btn-ghost">
            {m.viewAllOrders}
          </Link>
        </div>
      </header>

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        {/* First on a phone: what to pay and where the order stands; beside the lines on a wide screen. */}
        <div className="flex flex-col gap-6 lg:col-start-2 lg:row-start-1">
          <OrderPayment order={order} />
          <Card id="order-status" title={m.statusTimeline}>
            <OrderTimeline
              status={order.status}
              history={order.history}
              deliveryState={deliveryOf(order).deliveryState}
              deliveryHistory={deliveryOf(order).deliveryHistory}
            />
          </Card>
        </div>
        <div className="flex min-w-0 flex-col gap-6 lg:col-start-1 lg:row-start-1">
          <OrderLines order={order} />
          <Delivery order={order} />
        </div>
      </div>
    </div>
  );
}

function OrderNotFound() {
  return (
    <EmptyState
      headingLevel="h1"
      icon={<PackageX className="size-7" aria-hidden="true" />}
      title={m.orderNotFound}
      message={m.orderNotFoundText}
      primary={{ label: m.viewAllOrders, to: href.orders() }}
    />
  );
}

/**
 * /orders/{id} (issue 15): where checkout leads after 'Place Order', and each order of My Orders opens:
 * thanks with the order's number, its lines and totals, where it goes, how to pay and its timeline.
 * The owner's and the admins' alone: the API answers anyone else 403 or 404, shown as not found.
 */
export default function OrderPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  // The order checkout has just placed (router state, from the thanks on My Orders), read once: the
  // state is then dropped, so a reload, Back or a later visit names the order instead of thanking again.
  const [placedId] = useState(() => placedOrderId(location.state));
  const justPlaced = placedId === id;
  const carriesPlaced = placedOrderId(location.state) !== undefined;
  useEffect(() => {
    if (carriesPlaced) void navigate(location, { replace: true, state: null });
  }, [carriesPlaced, location, navigate]);
  const order = useQuery(orderQuery(id));
  useDocumentTitle(
    order.data
      ? format(m.orderNumber, { number: isolate(order.data.number) })
      : justPlaced
        ? m.thankYou
        : m.loadingOrder,
  );

  let body: ReactNode;
  if (order.isPending) {
    body = <Spinner label={m.loadingOrder} />;
  } else if (order.isError) {
    const missing = order.error instanceof ApiError && [400, 403, 404].includes(order.error.status);
    body = missing ? (
      <OrderNotFound />
    ) : (
      <LoadFailure title={failureText(order.error, m.failedToFetchOrderDetails)} />
    );
  } else {
    body = <OrderConfirmation order={order.data} justPlaced={justPlaced} />;
  }
  return <div className="shell py-8 sm:py-12">{body}</div>;
}
