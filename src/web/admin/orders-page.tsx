import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Eye, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  ORDER_CARD_PRODUCTS_SHOWN,
  ORDER_ID_SHORT,
  ORDER_STATUSES,
  type OrderStatus,
} from '@/shared/constants';
import { format, messages } from '@/shared/messages';
import { formatEgp } from '@/shared/money';
import type { OrderDto } from '@/shared/schemas/order';
import { Pagination } from '@/web/components/pagination';
import { statusLabel, statusTone } from '@/web/components/order-status';
import { useDocumentTitle } from '@/web/lib/shop';
import { adminOrdersQuery } from './api/get-orders';
import { formatDateTime } from '@/shared/dates';
import { AdminHeader, SearchAsYouType, shortId } from './admin-ui';
import { href } from '@/web/paths';
import { useFailureToast } from '@/web/lib/failure-text';
import { notify } from '@/web/lib/notify';
import { lineTitle } from '@/web/lib/chosen-options-text';

const m = messages.admin;

export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`inline-flex rounded-pill px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${statusTone(status)}`}
    >
      {statusLabel(status)}
    </span>
  );
}

/** The first two products by name, then '+n more items' (SPEC §9). */
function ItemsSummary({ order }: { order: OrderDto }) {
  const shown = order.products.slice(0, ORDER_CARD_PRODUCTS_SHOWN);
  const more = order.products.length - shown.length;
  return (
    <ul className="text-sm">
      {shown.map((line) => (
        <li key={line._id} className="truncate">
          {format(messages.orders.itemCount, {
            name: lineTitle(line.product.name, line.variant?.options),
            n: line.quantity,
          })}
        </li>
      ))}
      {more > 0 && <li className="text-muted">{format(m.moreItems, { n: more })}</li>}
    </ul>
  );
}

function orderLink(order: OrderDto) {
  return href.adminOrder(order._id);
}

function OrdersTable({ orders }: { orders: OrderDto[] }) {
  const head = 'px-3 py-3 text-start text-xs font-semibold uppercase tracking-wide text-muted';
  return (
    <div className="card hidden overflow-x-auto md:block">
      <table className="w-full text-sm">
        <caption className="sr-only">{m.ordersTable}</caption>
        <thead className="border-b border-line">
          <tr>
            <th className={head}>{m.orderId}</th>
            <th className={head}>{m.customer}</th>
            <th className={head}>{m.date}</th>
            <th className={head}>{m.items}</th>
            <th className={head}>{m.total}</th>
            <th className={head}>{m.status}</th>
            <th className={head}>{m.colActions}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {orders.map((order) => (
            <tr key={order._id}>
              <td className="px-3 py-3 whitespace-nowrap" title={order._id}>
                <p className="font-semibold text-ink">{order.number}</p>
                <p className="font-mono text-xs text-muted">{shortId(order._id, ORDER_ID_SHORT.table)}</p>
              </td>
              <td className="px-3 py-3">
                <p className="font-medium text-ink">{order.name}</p>
                <p className="text-xs text-muted">{order.createdBy.email}</p>
              </td>
              <td className="px-3 py-3 whitespace-nowrap text-ink-soft">{formatDateTime(order.createdAt)}</td>
              <td className="max-w-56 px-3 py-3">
                <ItemsSummary order={order} />
              </td>
              <td className="px-3 py-3 font-medium whitespace-nowrap">{formatEgp(order.grandTotal)}</td>
              <td className="px-3 py-3">
                <StatusBadge status={order.status} />
              </td>
              <td className="px-3 py-3">
                <Link
                  to={orderLink(order)}
                  className="btn btn-ghost px-2.5 py-2"
                  aria-label={format(m.viewOrder, { number: order.number })}
                >
                  <Eye className="size-4" aria-hidden="true" />
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function OrderCards({ orders }: { orders: OrderDto[] }) {
  return (
    <ul className="grid gap-3 md:hidden">
      {orders.map((order) => (
        <li key={order._id}>
          <Link
            to={orderLink(order)}
            className="card block p-4 transition hover:shadow-card"
            aria-label={format(m.viewOrder, { number: order.number })}
          >
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="text-sm font-semibold text-ink">
                  {order.number}{' '}
                  <span className="font-mono text-xs font-normal text-muted">
                    {shortId(order._id, ORDER_ID_SHORT.card)}
                  </span>
                </p>
                <p className="truncate font-medium text-ink">{order.name}</p>
                <p className="text-xs text-muted">{formatDateTime(order.createdAt)}</p>
              </div>
              <StatusBadge status={order.status} />
            </div>
            <div className="mt-3 flex items-end justify-between gap-3">
              <div className="min-w-0">
                <ItemsSummary order={order} />
              </div>
              <p className="shrink-0 font-semibold">{formatEgp(order.grandTotal)}</p>
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function Skeleton() {
  return (
    <div role="status" aria-label={m.loading} className="grid gap-3">
      {Array.from({ length: 5 }, (_, index) => (
        <div key={index} data-testid="order-skeleton" className="card h-20 animate-pulse bg-sand/60" />
      ))}
    </div>
  );
}

/** /dashboard/manage_orders and /dashboard/orders (SPEC §2): every order, 10 a page, searched on the server. */
export default function AdminOrdersPage() {
  useDocumentTitle(m.ordersTitle);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [page, setPage] = useState(1);

  const searchFor = (next: string) => {
    setSearch(next);
    setPage(1);
  };

  const list = useQuery({ ...adminOrdersQuery({ page, status, search }), placeholderData: keepPreviousData });
  useFailureToast(list.error, messages.orders.failedToFetchOrders, messages.orders.failedToFetchOrders);

  const refresh = async () => {
    const result = await list.refetch();
    if (!result.isError) notify.success(m.ordersRefreshed);
  };

  const orders = list.data?.results ?? [];
  return (
    <section>
      <AdminHeader
        title={m.ordersTitle}
        actions={
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => void refresh()}
            disabled={list.isFetching}
          >
            <RefreshCw className={`size-4 ${list.isFetching ? 'animate-spin' : ''}`} aria-hidden="true" />
            {m.refresh}
          </button>
        }
      />
      <div className="mb-6 flex flex-col gap-3 sm:flex-row">
        <SearchAsYouType list="orders" search={search} onSearch={searchFor} />
        <div className="sm:w-56">
          <label htmlFor="order-status-filter" className="sr-only">
            {m.filterByStatus}
          </label>
          <select
            id="order-status-filter"
            className="field"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as OrderStatus | '');
              setPage(1);
            }}
          >
            <option value="">{m.allStatuses}</option>
            {ORDER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {statusLabel(value)}
              </option>
            ))}
          </select>
        </div>
      </div>

      {list.isPending ? (
        <Skeleton />
      ) : orders.length === 0 ? (
        <p className="card px-6 py-14 text-center text-lg text-ink-soft">{m.noOrdersFound}</p>
      ) : (
        <>
          <OrdersTable orders={orders} />
          <OrderCards orders={orders} />
          <div className="mt-6">
            <Pagination page={page} totalPages={list.data?.pagination.pages ?? 1} onPageChange={setPage} />
          </div>
        </>
      )}
    </section>
  );
}
