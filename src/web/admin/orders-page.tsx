import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Download, Printer, RefreshCw } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  DELIVERY_STATES,
  ORDER_CARD_PRODUCTS_SHOWN,
  ORDER_ID_SHORT,
  ORDER_STATUSES,
  PAYMENT_TYPES,
  type DeliveryState,
  type OrderStatus,
  type PaymentType,
} from '@/shared/constants';
import { formatDateTime } from '@/web/i18n/dates';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/admin/messages';
import { formatEgp } from '@/web/i18n/language';
import { Pagination } from '@/web/components/pagination';
import { PAYMENT_TYPE_LABELS, statusLabel, statusTone } from '@/web/components/order-status';
import { useDocumentTitle } from '@/web/lib/shop';
import { adminOrdersQuery } from './api/get-orders';
import { useExportOrders } from './api/export-orders';
import { orderProofState, PROOF_STATE_LABELS } from './order-proof';
import { readOrderFilters, writeOrderFilters, type DateChoice, type OrderListFilters } from './order-filters';
import { isolate } from '@/web/i18n/bidi';
import { AdminHeader, SearchAsYouType, shortId } from './admin-ui';
import { href } from '@/web/paths';
import { failureText, useFailureToast } from '@/web/lib/failure-text';
import { notify } from '@/web/lib/notify';
import { lineTitle } from '@/web/lib/chosen-options-text';
import { localizedName } from '@/web/lib/localized';
import type { DeliveryOrder } from './api/delivery';
import { DeliveryCell } from './delivery-badge';
import { ConfirmationBadges } from './confirmation-badges';
import { SelectedOrdersActions } from './desk-actions';

const m = messages.admin;
const s = messages.shipping;
const c = messages.customers;

type OrderDto = DeliveryOrder;

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
            // The Arabic name on an Arabic page, as the slip says it, and the whole title isolated: in
            // an Arabic line an English name keeps its sizes after it, '(M / Sand)' not before.
            name: isolate(lineTitle(localizedName(line.product), line.variant, line.variantToConfirm)),
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

function ProofState({ order }: { order: OrderDto }) {
  const state = orderProofState(order);
  const tone =
    state === 'toCheck' ? 'text-warning font-semibold' : state === 'received' ? 'text-success' : 'text-muted';
  return <span className={`text-xs whitespace-nowrap ${tone}`}>{PROOF_STATE_LABELS[state]}</span>;
}

interface Selection {
  selected: ReadonlySet<string>;
  toggle: (id: string) => void;
}

function SelectBox({ order, selection }: { order: OrderDto; selection: Selection }) {
  return (
    <input
      type="checkbox"
      className="size-4 accent-accent"
      checked={selection.selected.has(order._id)}
      onChange={() => selection.toggle(order._id)}
      aria-label={format(m.selectOrder, { number: isolate(order.number) })}
    />
  );
}

function OrdersTable({
  orders,
  selection,
  onSelectAll,
}: {
  orders: OrderDto[];
  selection: Selection;
  onSelectAll: (all: boolean) => void;
}) {
  const head = 'px-2.5 py-3 text-start text-xs font-semibold uppercase tracking-wide text-muted';
  // Nine columns share the admin's content width at 1366 px (the proof's state sits under the payment
  // method): dates and payment methods wrap rather than push the status and the delivery out of sight.
  const allSelected = orders.every((order) => selection.selected.has(order._id));
  return (
    <div className="card hidden overflow-x-auto md:block">
      <table className="w-full text-sm">
        <caption className="sr-only">{m.ordersTable}</caption>
        <thead className="border-b border-line">
          <tr>
            <th className="ps-3 py-3">
              <input
                type="checkbox"
                className="size-4 accent-accent"
                checked={allSelected}
                onChange={() => onSelectAll(!allSelected)}
                aria-label={m.selectAllOrders}
              />
            </th>
            <th className={head}>{m.colNumber}</th>
            <th className={head}>{m.date}</th>
            <th className={head}>{m.customer}</th>
            <th className={head}>{m.colPhone}</th>
            <th className={head}>{m.colPaymentMethod}</th>
            <th className={head}>{m.total}</th>
            <th className={head}>{m.status}</th>
            <th className={head}>{s.colDelivery}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {orders.map((order) => (
            <tr key={order._id}>
              <td className="ps-3 py-3">
                <SelectBox order={order} selection={selection} />
              </td>
              <td className="px-2.5 py-3 whitespace-nowrap" title={order._id}>
                <Link
                  to={orderLink(order)}
                  dir="ltr"
                  className="font-semibold text-ink underline-offset-2 hover:text-accent hover:underline"
                  aria-label={format(m.viewOrder, { number: isolate(order.number) })}
                >
                  {order.number}
                </Link>
                <p className="font-mono text-xs text-muted">
                  <bdi dir="ltr">{shortId(order._id, ORDER_ID_SHORT.table)}</bdi>
                </p>
              </td>
              <td className="min-w-28 px-2.5 py-3 text-ink-soft">{formatDateTime(order.createdAt)}</td>
              <td className="px-2.5 py-3">
                <p className="font-medium text-ink">{order.name}</p>
                <p className="text-xs text-muted">
                  <bdi dir="ltr">{order.createdBy.email}</bdi>
                </p>
              </td>
              <td className="px-2.5 py-3 whitespace-nowrap">
                <a href={`tel:${order.phone}`} dir="ltr" className="text-ink-soft hover:text-accent">
                  {order.phone}
                </a>
              </td>
              <td className="px-2.5 py-3 text-ink-soft">
                <p>{PAYMENT_TYPE_LABELS[order.paymentType] ?? order.paymentType}</p>
                {/* The proof's state under its method: ten columns did not fit the admin's 1366 px. */}
                <ProofState order={order} />
              </td>
              <td className="px-2.5 py-3 font-medium whitespace-nowrap">{formatEgp(order.grandTotal)}</td>
              <td className="px-2.5 py-3">
                <StatusBadge status={order.status} />
                <ConfirmationBadges order={order} />
              </td>
              <td className="px-2.5 py-3">
                <DeliveryCell state={order.deliveryState} shipment={order.shipment} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function OrderCards({ orders, selection }: { orders: OrderDto[]; selection: Selection }) {
  return (
    <ul className="grid gap-3 md:hidden">
      {orders.map((order) => (
        <li key={order._id} className="card relative flex min-w-0 gap-3 p-4">
          {/* Above the card's link, which covers the whole card. */}
          <div className="relative z-10 pt-1">
            <SelectBox order={order} selection={selection} />
          </div>
          <div className="min-w-0 flex-1">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="text-sm font-semibold text-ink">
                  {/* The whole card opens the order, and the link is named by what it shows, its number
                      (WCAG 2.5.3): its box stretches over the card rather than wrapping all it says. */}
                  <Link
                    to={orderLink(order)}
                    dir="ltr"
                    className="after:absolute after:inset-0 after:rounded-card"
                    aria-label={format(m.viewOrder, { number: isolate(order.number) })}
                  >
                    {order.number}
                  </Link>{' '}
                  <span dir="ltr" className="font-mono text-xs font-normal text-muted">
                    {shortId(order._id, ORDER_ID_SHORT.card)}
                  </span>
                </p>
                <p className="truncate font-medium text-ink">
                  <bdi>{order.name}</bdi>
                </p>
                <p className="text-xs text-muted">
                  {formatDateTime(order.createdAt)} · <bdi dir="ltr">{order.phone}</bdi>
                </p>
              </div>
              <div className="flex flex-col items-end gap-1">
                <StatusBadge status={order.status} />
                <ConfirmationBadges order={order} />
                <DeliveryCell state={order.deliveryState} shipment={order.shipment} />
              </div>
            </div>
            <div className="mt-3 flex items-end justify-between gap-3">
              <div className="min-w-0">
                <ItemsSummary order={order} />
                <p className="mt-1 text-xs text-muted">
                  {PAYMENT_TYPE_LABELS[order.paymentType] ?? order.paymentType} · <ProofState order={order} />
                </p>
              </div>
              <p className="shrink-0 font-semibold">{formatEgp(order.grandTotal)}</p>
            </div>
          </div>
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

function Filters({
  filters,
  onChange,
}: {
  filters: OrderListFilters;
  onChange: (change: Partial<OrderListFilters>) => void;
}) {
  return (
    <div className="mb-6 flex flex-col gap-3">
      <div className="flex flex-col gap-3 sm:flex-row">
        <SearchAsYouType list="orders" search={filters.search} onSearch={(search) => onChange({ search })} />
        <div className="sm:w-48">
          <label htmlFor="order-status-filter" className="sr-only">
            {m.filterByStatus}
          </label>
          <select
            id="order-status-filter"
            className="field"
            value={filters.status}
            onChange={(event) => onChange({ status: event.target.value as OrderStatus | '' })}
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
      <div className="flex flex-wrap items-center gap-3">
        <div className="w-full sm:w-44">
          <label htmlFor="order-date-filter" className="sr-only">
            {m.filterByDate}
          </label>
          <select
            id="order-date-filter"
            className="field"
            value={filters.date}
            onChange={(event) => onChange({ date: event.target.value as DateChoice })}
          >
            <option value="">{m.anyDate}</option>
            <option value="today">{m.today}</option>
            <option value="7d">{m.last7Days}</option>
            <option value="range">{m.dateRange}</option>
          </select>
        </div>
        {filters.date === 'range' && (
          <>
            <label className="flex items-center gap-2 text-sm text-ink-soft">
              {m.fromDate}
              <input
                type="date"
                className="field w-40"
                value={filters.from}
                max={filters.to || undefined}
                onChange={(event) => onChange({ from: event.target.value })}
              />
            </label>
            <label className="flex items-center gap-2 text-sm text-ink-soft">
              {m.toDate}
              <input
                type="date"
                className="field w-40"
                value={filters.to}
                min={filters.from || undefined}
                onChange={(event) => onChange({ to: event.target.value })}
              />
            </label>
          </>
        )}
        <div className="w-full sm:w-60">
          <label htmlFor="order-payment-filter" className="sr-only">
            {m.filterByPayment}
          </label>
          <select
            id="order-payment-filter"
            className="field"
            value={filters.paymentType}
            onChange={(event) => onChange({ paymentType: event.target.value as PaymentType | '' })}
          >
            <option value="">{m.allPaymentMethods}</option>
            {PAYMENT_TYPES.map((value) => (
              <option key={value} value={value}>
                {PAYMENT_TYPE_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <div className="w-full sm:w-48">
          <label htmlFor="order-delivery-filter" className="sr-only">
            {s.filterByDelivery}
          </label>
          <select
            id="order-delivery-filter"
            className="field"
            value={filters.delivery}
            onChange={(event) => onChange({ delivery: event.target.value as DeliveryState | '' })}
          >
            <option value="">{s.anyDeliveryState}</option>
            {DELIVERY_STATES.map((value) => (
              <option key={value} value={value}>
                {s.deliveryStates[value]}
              </option>
            ))}
          </select>
        </div>
        <label className="flex items-center gap-2 text-sm font-medium text-ink">
          <input
            type="checkbox"
            className="size-4 accent-accent"
            checked={filters.proofToCheck}
            onChange={(event) => onChange({ proofToCheck: event.target.checked })}
          />
          {m.proofFilter}
        </label>
        <label className="flex items-center gap-2 text-sm font-medium text-ink">
          <input
            type="checkbox"
            className="size-4 accent-accent"
            checked={filters.toConfirm}
            onChange={(event) => onChange({ toConfirm: event.target.checked })}
          />
          {c.toConfirm}
        </label>
        {filters.customer && (
          <p className="flex items-center gap-2 text-sm text-ink">
            <span>
              {c.customerOrders}: <bdi dir="ltr">{filters.customer}</bdi>
            </span>
            <button type="button" className="btn-ghost text-sm" onClick={() => onChange({ customer: '' })}>
              {c.clearCustomer}
            </button>
          </p>
        )}
      </div>
    </div>
  );
}

/**
 * /dashboard/manage_orders and /dashboard/orders (SPEC §2): every order, 10 a page, filtered and searched
 * on the server, with the filters in the address; selected orders print as a batch, move along the
 * road or go to Bosta (issue 36), the filtered ones export as CSV.
 */
export default function AdminOrdersPage() {
  useDocumentTitle(m.ordersTitle);
  const [params, setParams] = useSearchParams();
  const filters = readOrderFilters(params);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

  const change = (next: Partial<OrderListFilters>) => {
    // Any filter but the page starts the list again from its first page.
    const page = next.page ?? 1;
    setParams(writeOrderFilters({ ...filters, ...next, page }), { replace: true });
  };

  const list = useQuery({ ...adminOrdersQuery(filters), placeholderData: keepPreviousData });
  useFailureToast(list.error, messages.orders.failedToFetchOrders, messages.orders.failedToFetchOrders);
  const exporter = useExportOrders();

  const refresh = async () => {
    const result = await list.refetch();
    if (!result.isError) notify.success(m.ordersRefreshed);
  };

  const orders = list.data?.results ?? [];
  // The numbers of every order shown so far: a bulk report names an order selected on another page.
  const numbers = useRef(new Map<string, string>()).current;
  for (const order of orders) numbers.set(order._id, order.number);
  const selection: Selection = {
    selected,
    toggle: (id) =>
      setSelected((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
  };
  const selectAll = (all: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const order of orders) {
        if (all) next.add(order._id);
        else next.delete(order._id);
      }
      return next;
    });

  return (
    <section>
      <AdminHeader
        title={m.ordersTitle}
        actions={
          <>
            {selected.size > 0 && (
              <Link to={href.adminPrint([...selected], 'invoice')} className="btn btn-outline">
                <Printer className="size-4" aria-hidden="true" />
                {format(m.printSelected, { n: selected.size })}
              </Link>
            )}
            <button
              type="button"
              className="btn btn-outline"
              disabled={exporter.isPending}
              onClick={() =>
                exporter.mutate(filters, {
                  onError: (error) => notify.error(failureText(error, m.exportFailed, m.exportFailed)),
                })
              }
            >
              <Download className="size-4" aria-hidden="true" />
              {exporter.isPending ? m.exporting : m.exportCsv}
            </button>
            <button
              type="button"
              className="btn btn-outline"
              onClick={() => void refresh()}
              disabled={list.isFetching}
            >
              <RefreshCw className={`size-4 ${list.isFetching ? 'animate-spin' : ''}`} aria-hidden="true" />
              {m.refresh}
            </button>
          </>
        }
      />
      <Filters filters={filters} onChange={change} />
      <SelectedOrdersActions selected={selected} numbers={numbers} onSettled={setSelected} />

      {list.isPending ? (
        <Skeleton />
      ) : orders.length === 0 ? (
        <p className="card px-6 py-14 text-center text-lg text-ink-soft">{m.noOrdersFound}</p>
      ) : (
        <>
          <OrdersTable orders={orders} selection={selection} onSelectAll={selectAll} />
          <OrderCards orders={orders} selection={selection} />
          <div className="mt-6">
            <Pagination
              page={filters.page}
              totalPages={list.data?.pagination.pages ?? 1}
              onPageChange={(page) => change({ page })}
            />
          </div>
        </>
      )}
    </section>
  );
}
