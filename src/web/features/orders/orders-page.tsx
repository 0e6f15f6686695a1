import { useQuery } from '@tanstack/react-query';
import { PackageOpen } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { OrderStatus } from '@/shared/constants';
import { messages } from '@/web/i18n/messages';
import { EmptyState } from '@/web/components/empty-state';
import { LoadFailure } from '@/web/components/load-failure';
import { ORDER_FILTERS } from '@/web/components/order-status';
import { failureText } from '@/web/lib/failure-text';
import { notify } from '@/web/lib/notify';
import { Spinner } from '@/web/components/spinner';
import { useDocumentTitle } from '@/web/lib/shop';
import { OrderCard } from './order-card';
import { useCancelOrder } from './api/cancel-order';
import { myOrdersQueryOptions } from './api/get-my-orders';
import { href } from '@/web/paths';
import { useLocation } from 'react-router';
import { placedOrderId } from '@/web/lib/placed-order-state';
import { PlacedOrder } from './placed-order';

const m = messages.orders;

function NoOrders() {
  return (
    <EmptyState
      icon={<PackageOpen className="size-7" aria-hidden="true" />}
      title={m.noOrdersYet}
      message={m.noOrdersText}
      primary={{ label: m.browseProducts, to: href.products() }}
    />
  );
}

/** /allorders (SPEC §2): the shopper's orders with status filters and cancelling. */
export default function OrdersPage() {
  useDocumentTitle(m.myOrdersTitle);
  const orders = useQuery(myOrdersQueryOptions);
  const cancel = useCancelOrder({
    onSuccess: () => notify.success(m.statusUpdated),
    onError: (error) => notify.error(failureText(error, m.failedToUpdateStatus)),
  });
  const [filter, setFilter] = useState<OrderStatus | 'all'>('all');
  const justPlaced = placedOrderId(useLocation().state);

  function confirmAndCancel(orderId: string) {
    if (!window.confirm(m.confirmCancel)) return;
    cancel.mutate(orderId);
  }

  let body: ReactNode;
  if (orders.isPending) {
    body = <Spinner label={m.loadingOrders} />;
  } else if (orders.isError) {
    body = <LoadFailure title={failureText(orders.error, m.failedToFetchOrders)} />;
  } else if (orders.data.length === 0) {
    body = <NoOrders />;
  } else {
    const shown = filter === 'all' ? orders.data : orders.data.filter((order) => order.status === filter);
    body = (
      <div className="flex flex-col gap-6">
        <div role="group" aria-label={m.filterOrders} className="flex flex-wrap gap-2">
          {ORDER_FILTERS.map((option) => (
            <button
              key={option.value}
              type="button"
              aria-pressed={filter === option.value}
              onClick={() => setFilter(option.value)}
              className={`btn px-4 py-2 ${filter === option.value ? 'btn-primary' : 'btn-outline'}`}
            >
              {option.label}
            </button>
          ))}
        </div>
        {shown.length === 0 ? (
          <p className="card p-8 text-center text-ink-soft">{m.noOrdersWithStatus}</p>
        ) : (
          <div className="flex flex-col gap-5">
            {shown.map((order) => (
              <OrderCard
                key={order._id}
                order={order}
                cancelling={cancel.isPending && cancel.variables === order._id}
                onCancel={confirmAndCancel}
              />
            ))}
          </div>
        )}
      </div>
    );
  }

  return (
    <div className="shell py-8 sm:py-12">
      <h1 className="mb-8 text-title">{m.myOrdersTitle}</h1>
      {justPlaced && <PlacedOrder orderId={justPlaced} />}
      {body}
    </div>
  );
}
