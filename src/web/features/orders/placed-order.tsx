import { useQuery } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import { isolate } from '@/web/i18n/bidi';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/i18n/messages';
import { formatEgp } from '@/web/i18n/language';
import { type PlacedOrderState } from '@/web/lib/placed-order-state';
import { href } from '@/web/paths';
import { orderQuery } from './api/get-order';
import { OrderPayment } from './order-payment';

const m = messages.orders;

const justPlacedState = (placedOrderId: string): PlacedOrderState => ({ placedOrderId });

/**
 * The thanks at the top of My Orders right after checkout: SPEC §2 sends the shopper to /allorders, and
 * issue 15 wants the number and how to pay in front of her at once; the order's own page (with the
 * timeline) is one link away. The order comes from the checkout's answer, already in the cache.
 */
export function PlacedOrder({ orderId }: { orderId: string }) {
  const order = useQuery(orderQuery(orderId));
  if (!order.data) return null;
  const placed = order.data;
  return (
    <section aria-labelledby="placed-order" className="mb-8 flex flex-col gap-4">
      <div className="card flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6">
        <div className="flex items-start gap-4">
          <span className="grid size-12 shrink-0 place-items-center rounded-pill bg-success/12 text-success">
            <CircleCheck className="size-6" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <h2 id="placed-order" className="text-2xl leading-tight">
              {m.thankYou}{' '}
              <span className="block font-sans text-xl font-semibold tracking-wide text-accent-strong">
                <bdi dir="ltr">{placed.number}</bdi>
              </span>
            </h2>
            <p className="mt-1 text-sm text-muted">{formatEgp(placed.grandTotal)}</p>
          </div>
        </div>
        {/* The order's page thanks her too, this once (the state says the order was just placed). */}
        <Link to={href.order(placed._id)} state={justPlacedState(placed._id)} className="btn btn-primary">
          {format(m.viewOrder, { number: isolate(placed.number) })}
        </Link>
      </div>
      <OrderPayment order={placed} />
    </section>
  );
}
