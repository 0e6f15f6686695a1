import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { Printer } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime } from '@/web/i18n/dates';
import { cityName } from '@/shared/address';
import { localizedName } from '@/web/lib/localized';
import { messages } from '@/web/admin/messages';
import { PAYMENT_TYPE_LABELS } from '@/web/components/order-status';
import { formatEgp, language } from '@/web/i18n/language';
import type { OrderDto } from '@/shared/schemas/order';
import { Spinner } from '@/web/components/spinner';
import { shopName, useDocumentTitle } from '@/web/lib/shop';
import { href, type PrintKind } from '@/web/paths';
import { printOrdersQuery } from './api/get-order';
import { orderProofState, PROOF_STATE_LABELS } from './order-proof';

const m = messages.admin;
const o = messages.orders;

/**
 * On paper only the documents show (the shop's header, the admin's menu and this page's own buttons
 * stay on screen), each order on its own A4 page.
 */
const PRINT_CSS = `
@page { size: A4; margin: 14mm; }
@media print {
  body * { visibility: hidden; }
  #print-documents, #print-documents * { visibility: visible; }
  #print-documents { position: absolute; inset-inline-start: 0; top: 0; width: 100%; }
  .print-page { break-after: page; box-shadow: none; border: 0; margin: 0; padding: 0; }
  .print-page:last-child { break-after: auto; }
}`;

/**
 * Where the order goes: the address line it stores, written in the language it was placed in (as its
 * page and its e-mail show it), whose words the courier reads; an address sent as text alone may not
 * name its city, which is added.
 */
function deliveryLines(order: OrderDto): string[] {
  return order.street ? [order.address] : [order.address, cityName(order.city, o)];
}

/**
 * What the courier takes at the door: a cash order's grand total, until the owner marks it received;
 * an InstaPay order is paid before it ships, so nothing.
 */
function amountToCollect(order: OrderDto): number {
  return order.paymentType === 'cash' && !order.payment.verified ? order.grandTotal : 0;
}

function Document({ order, kind }: { order: OrderDto; kind: PrintKind }) {
  const invoice = kind === 'invoice';
  const cell = 'py-2 px-2';
  return (
    <article className="print-page card mb-8 bg-white p-8 text-ink" aria-label={order.number}>
      <header className="flex items-start justify-between gap-6 border-b border-line pb-4">
        <div>
          <p className="text-2xl font-semibold">{shopName}</p>
          <p className="text-sm text-muted">{invoice ? m.invoiceTitle : m.slipTitle}</p>
        </div>
        <div className="text-end text-sm">
          <p className="text-xl font-semibold">
            <bdi dir="ltr">{order.number}</bdi>
          </p>
          <p>
            {m.orderDate}: {formatDateTime(order.createdAt)}
          </p>
        </div>
      </header>
      <section className="mt-4 grid grid-cols-2 gap-6 text-sm">
        <div>
          <h2 className="mb-1 font-sans text-xs font-semibold tracking-wide text-muted uppercase">
            {m.shipTo}
          </h2>
          <p className="font-semibold">{order.name}</p>
          {deliveryLines(order).map((line) => (
            <p key={line}>
              <bdi>{line}</bdi>
            </p>
          ))}
          <p>
            <bdi dir="ltr">{order.phone}</bdi>
          </p>
        </div>
        <div>
          <h2 className="mb-1 font-sans text-xs font-semibold tracking-wide text-muted uppercase">
            {m.paymentMethod}
          </h2>
          <p>{PAYMENT_TYPE_LABELS[order.paymentType]}</p>
          <p className="text-muted">{PROOF_STATE_LABELS[orderProofState(order)]}</p>
        </div>
      </section>
      <table className="mt-6 w-full text-sm">
        <thead className="border-b border-line text-xs text-muted uppercase">
          <tr>
            <th className={`${cell} text-start`}>{m.colProduct}</th>
            <th className={`${cell} text-end`}>{m.quantity}</th>
            {invoice && <th className={`${cell} text-end`}>{m.unitPrice}</th>}
            {invoice && <th className={`${cell} text-end`}>{m.lineTotal}</th>}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {order.products.map((line) => (
            <tr key={line._id}>
              <td className={`${cell} text-start`}>
                <bdi>{localizedName(line.product)}</bdi>
                {line.variantToConfirm && (
                  <span className="block text-xs font-semibold text-muted">
                    {messages.orders.variantToConfirm}
                  </span>
                )}
                {line.variant && (
                  <span className="block text-xs text-muted">
                    {/* Each value isolated, in Arabic on an Arabic slip (issue 35), so a Latin size keeps its place. */}
                    {Object.values((language === 'ar' && line.variant.optionsAr) || line.variant.options).map(
                      (value, at) => (
                        <Fragment key={at}>
                          <bdi>{value}</bdi> ·{' '}
                        </Fragment>
                      ),
                    )}
                    <bdi dir="ltr">{line.variant.sku}</bdi>
                  </span>
                )}
              </td>
              <td className={`${cell} text-end`}>{line.quantity}</td>
              {invoice && <td className={`${cell} text-end`}>{formatEgp(line.unitPrice)}</td>}
              {invoice && <td className={`${cell} text-end`}>{formatEgp(line.unitPrice * line.quantity)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
      {invoice && (
        <dl className="ms-auto mt-4 w-64 text-sm">
          <div className="flex justify-between py-1">
            <dt>{m.subtotal}</dt>
            <dd>{formatEgp(order.totalPrice)}</dd>
          </div>
          <div className="flex justify-between py-1">
            <dt>{m.shippingFee}</dt>
            <dd>{formatEgp(order.shippingFee)}</dd>
          </div>
          <div className="flex justify-between border-t border-line py-1 text-base font-semibold">
            <dt>{m.grandTotal}</dt>
            <dd>{formatEgp(order.grandTotal)}</dd>
          </div>
        </dl>
      )}
      {!invoice && <CollectLine amount={amountToCollect(order)} />}
    </article>
  );
}

function CollectLine({ amount }: { amount: number }) {
  return (
    <p className="mt-6 flex justify-between gap-4 border-2 border-ink px-4 py-3 text-base font-semibold">
      {amount > 0 ? (
        <>
          <span>{m.slipCollect}</span>
          <span>{formatEgp(amount)}</span>
        </>
      ) : (
        <span>{m.slipNothingToCollect}</span>
      )}
    </p>
  );
}

/** /dashboard/orders/print?ids=a,b&kind=invoice|slip: the invoices or packing slips of the chosen orders. */
export default function PrintPage() {
  const [params] = useSearchParams();
  const kind: PrintKind = params.get('kind') === 'slip' ? 'slip' : 'invoice';
  const ids = [...new Set((params.get('ids') ?? '').split(',').filter(Boolean))];
  useDocumentTitle(kind === 'invoice' ? m.invoiceTitle : m.slipTitle);
  const orders = useQuery(printOrdersQuery(ids));
  const loading = orders.isPending;
  const found = orders.data ?? [];
  const other: PrintKind = kind === 'invoice' ? 'slip' : 'invoice';

  return (
    <section>
      <style>{PRINT_CSS}</style>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-title text-ink">{kind === 'invoice' ? m.invoiceTitle : m.slipTitle}</h1>
        <div className="flex flex-wrap gap-2">
          <Link to={href.adminPrint(ids, other)} className="btn btn-outline">
            {other === 'invoice' ? m.printInvoice : m.printSlip}
          </Link>
          <button
            type="button"
            className="btn btn-primary"
            disabled={loading || found.length === 0}
            onClick={() => window.print()}
          >
            <Printer className="size-4" aria-hidden="true" />
            {m.print}
          </button>
        </div>
      </div>
      {loading ? (
        <Spinner size="section" />
      ) : found.length === 0 ? (
        <p className="card px-6 py-14 text-center text-lg text-ink-soft">{m.printNothing}</p>
      ) : (
        <div id="print-documents">
          {found.map((order) => (
            <Document key={order._id} order={order} kind={kind} />
          ))}
        </div>
      )}
    </section>
  );
}
