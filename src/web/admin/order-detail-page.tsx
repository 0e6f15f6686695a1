import { useQuery } from '@tanstack/react-query';
import {
  ArrowLeft,
  CheckCircle2,
  Download,
  Eye,
  MessageCircle,
  PackageX,
  Phone,
  Printer,
  Undo2,
} from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { ORDER_STATUSES, STATUS_NOTE_MAX, type OrderStatus } from '@/shared/constants';
import { whatsappLink } from '@/shared/whatsapp';
import { formatDateTime } from '@/web/i18n/dates';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/admin/messages';
import { Dialog } from '@/web/components/dialog';
import { formatEgp } from '@/web/i18n/language';
import { PAYMENT_TYPE_LABELS, statusLabel, statusTone } from '@/web/components/order-status';
import { ApiError } from '@/web/lib/api';
import { shopName, useDocumentTitle } from '@/web/lib/shop';
import { useSession } from '@/web/session/session';
import { adminOrderQuery } from './api/get-order';
import { useUpdateOrderStatus } from './api/update-order-status';
import { useMarkOrderPayment } from './api/mark-order-payment';
import { ConfirmDialog } from './confirm-dialog';
import { ConfirmationPanel, showsConfirmation } from './confirmation-panel';
import { CustomerRecord } from './customer-record';
import { LineVariantChange, LineVariantChooser } from './line-variant-chooser';
import { orderProofState, PROOF_STATE_LABELS } from './order-proof';
import { isolate } from '@/web/i18n/bidi';
import { cityName } from '@/shared/address';
import { localizedName } from '@/web/lib/localized';
import { chosenOptionsText } from '@/web/lib/chosen-options-text';
import { AdminHeader, useMinimumLoading } from './admin-ui';
import { Spinner } from '@/web/components/spinner';
import { href } from '@/web/paths';
import { failureText, useFailureToast } from '@/web/lib/failure-text';
import { notify } from '@/web/lib/notify';
import type { DeliveryOrder } from './api/delivery';
import { DeliveryPanel } from './delivery-panel';
import { deliveryTone } from './delivery-words';

const m = messages.admin;
const s = messages.shipping;

type OrderDto = DeliveryOrder;
const o = messages.orders;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card p-5">
      <h2 className="mb-4 text-xl text-ink">{title}</h2>
      {children}
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7rem_1fr] gap-2 py-1.5 text-sm">
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0 break-words text-ink">{children}</dd>
    </div>
  );
}

/** The proof travels as a signed link (DESIGN §3): fetched as it is, no token, and saved as a file. */
export async function downloadProof(url: string, orderId: string): Promise<void> {
  const toastId = `proof-${orderId}`;
  notify.loading(m.downloadingImage, { id: toastId });
  try {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const blob = await response.blob();
    const extension = blob.type.split('/')[1]?.split('+')[0] || 'jpg';
    const href = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = href;
    link.download = `payment-proof-${orderId.slice(0, 8)}.${extension}`;
    document.body.append(link);
    link.click();
    link.remove();
    URL.revokeObjectURL(href);
    notify.success(m.imageDownloaded, { id: toastId });
  } catch {
    notify.error(m.failedToDownloadImage, { id: toastId });
  }
}

function ProofModal({ src, alt, onClose }: { src: string; alt: string; onClose: () => void }) {
  return (
    <Dialog title={m.paymentProof} closeLabel={m.close} onClose={onClose} width="max-w-3xl">
      <img src={src} alt={alt} className="min-h-0 flex-1 rounded-lg object-contain" />
    </Dialog>
  );
}

/** Why a change needs a second thought: cancelling returns the stock, leaving cancelled takes it again. */
function stockWarning(from: OrderStatus, to: OrderStatus): string | null {
  if (to === 'cancelled') return m.cancelReturnsStock;
  if (from === 'cancelled') return m.reopenTakesStock;
  return null;
}

function StatusChangeDialog({
  order,
  next,
  onClose,
}: {
  order: OrderDto;
  next: OrderStatus;
  onClose: () => void;
}) {
  const [note, setNote] = useState('');
  const noteId = useId();
  const hintId = useId();
  const update = useUpdateOrderStatus(order._id, {
    onSuccess: () => {
      notify.success(o.statusUpdated);
      onClose();
    },
  });
  const warning = stockWarning(order.status, next);
  return (
    <ConfirmDialog
      title={format(m.changeStatusTitle, { status: statusLabel(next) })}
      confirmLabel={m.confirmStatus}
      // 'Cancel' beside 'Change the status to Cancelled?' reads as cancelling the order.
      dismissLabel={format(m.keepStatus, { status: statusLabel(order.status) })}
      busy={update.isPending}
      onCancel={onClose}
      onConfirm={() =>
        update.mutate(
          { status: next, note },
          {
            onError: (error) =>
              notify.error(failureText(error, o.failedToUpdateStatus, o.failedToUpdateStatus)),
          },
        )
      }
    >
      <p>
        {format(m.changeStatusText, {
          number: isolate(order.number),
          from: statusLabel(order.status),
          to: statusLabel(next),
        })}
      </p>
      {warning && <p className="mt-2 font-semibold text-danger">{warning}</p>}
      <label htmlFor={noteId} className="label mt-4">
        {m.statusNote}
      </label>
      <textarea
        id={noteId}
        className="field min-h-20"
        maxLength={STATUS_NOTE_MAX}
        value={note}
        aria-describedby={hintId}
        onChange={(event) => setNote(event.target.value)}
      />
      <p id={hintId} className="mt-1 text-xs text-muted">
        {format(m.statusNoteHint, { max: STATUS_NOTE_MAX })}
      </p>
    </ConfirmDialog>
  );
}

/** Choosing a status only proposes it: the dialog confirms it, with an optional note. */
function StatusSelect({ order }: { order: OrderDto }) {
  const [next, setNext] = useState<OrderStatus | null>(null);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor="order-status" className="label mb-0">
        {m.orderStatus}
      </label>
      <select
        id="order-status"
        value={order.status}
        className={`field w-52 font-semibold ring-1 ring-inset ${statusTone(order.status)}`}
        onChange={(event) => {
          const chosen = event.target.value as OrderStatus;
          if (chosen !== order.status) setNext(chosen);
        }}
      >
        {ORDER_STATUSES.map((status) => (
          <option key={status} value={status}>
            {statusLabel(status)}
          </option>
        ))}
      </select>
      {next && <StatusChangeDialog order={order} next={next} onClose={() => setNext(null)} />}
    </div>
  );
}

function PaymentCheck({ order }: { order: OrderDto }) {
  const mark = useMarkOrderPayment(order._id, { onSuccess: (answer) => notify.success(answer.message) });
  const { payment } = order;
  const toggle = () =>
    mark.mutate(!payment.verified, {
      onError: (error) => notify.error(failureText(error, m.failedToMarkPayment, m.failedToMarkPayment)),
    });
  return payment.verified ? (
    <div className="flex flex-col gap-2">
      <p className="flex items-center gap-2 text-sm font-semibold text-success">
        <CheckCircle2 className="size-4" aria-hidden="true" />
        {format(m.paymentReceivedBy, {
          date: payment.at ? formatDateTime(payment.at) : '',
          name: isolate(payment.by?.username ?? ''),
        })}
      </p>
      <button type="button" className="btn btn-ghost self-start" disabled={mark.isPending} onClick={toggle}>
        <Undo2 className="size-4 rtl:-scale-x-100" aria-hidden="true" />
        {m.undoPaymentReceived}
      </button>
    </div>
  ) : (
    <button type="button" className="btn btn-primary w-full" disabled={mark.isPending} onClick={toggle}>
      <CheckCircle2 className="size-4" aria-hidden="true" />
      {m.markPaymentReceived}
    </button>
  );
}

/** One line of the history: a status the staff set, or a step of the road (issue 36), with who and why. */
interface HistoryLine {
  at: string;
  title: string;
  tone: string;
  by: string | null;
  note: string | null;
}

/** The order's statuses and its road in one list, oldest first, as they happened. */
function historyLines(order: OrderDto): HistoryLine[] {
  const statuses = order.history.map((entry, index) => ({
    at: entry.at,
    title: format(m.historyEntry, {
      status: index === 0 && entry.status === 'pending' ? m.historyPlaced : statusLabel(entry.status),
      date: formatDateTime(entry.at),
    }),
    tone: statusTone(entry.status),
    by: entry.by ? format(m.historyBy, { name: isolate(entry.by.username) }) : null,
    note: entry.note,
  }));
  const road = order.deliveryHistory.map((entry) => ({
    at: entry.at,
    title: format(m.historyEntry, {
      status: s.deliveryStates[entry.state],
      date: formatDateTime(entry.at),
    }),
    tone: deliveryTone(entry.state),
    // A person when one moved it; otherwise who did (the courier's news, the shop itself).
    by: entry.by
      ? format(m.historyBy, { name: isolate(entry.by.username) })
      : s.deliverySources[entry.source],
    note: entry.note,
  }));
  // A stable sort: a status and a step at the same moment keep the status first.
  return [...statuses, ...road].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

function History({ order }: { order: OrderDto }) {
  return (
    <ol className="flex flex-col gap-3">
      {historyLines(order).map((entry, index) => (
        <li key={`${entry.at}-${index}`} className="flex gap-3">
          <span className={`mt-1.5 size-2.5 shrink-0 rounded-pill ring-2 ${entry.tone}`} />
          <div className="min-w-0 text-sm">
            <p className="font-semibold text-ink">{entry.title}</p>
            {entry.by && <p className="text-xs text-muted">{entry.by}</p>}
            {entry.note && <p className="mt-1 break-words whitespace-pre-line text-ink-soft">{entry.note}</p>}
          </div>
        </li>
      ))}
    </ol>
  );
}

function Contact({ order }: { order: OrderDto }) {
  const text = format(m.whatsappOrderText, {
    name: isolate(order.name),
    shop: isolate(shopName),
    number: isolate(order.number),
  });
  // Null only for a phone WhatsApp cannot reach: orders placed before the checkout checked phones.
  const whatsapp = whatsappLink(order.phone, text);
  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <a
        href={`tel:${order.phone}`}
        className="inline-flex items-center gap-1 hover:text-accent"
        aria-label={format(m.callCustomer, { phone: isolate(order.phone) })}
      >
        <Phone className="size-3.5" aria-hidden="true" />
        <bdi dir="ltr">{order.phone}</bdi>
      </a>
      {whatsapp && (
        <a
          href={whatsapp}
          target="_blank"
          rel="noreferrer"
          className="inline-flex items-center gap-1 text-success hover:underline"
        >
          <MessageCircle className="size-3.5" aria-hidden="true" />
          {format(m.whatsappCustomer, { name: isolate(order.name) })}
        </a>
      )}
    </span>
  );
}

function OrderView({ order }: { order: OrderDto }) {
  const [viewing, setViewing] = useState(false);
  const proofAlt = format(m.paymentProofAlt, { number: isolate(order.number) });

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
      <div className="flex min-w-0 flex-col gap-6">
        {/* First while it awaits her word: nothing else happens to the order before (issue 37). */}
        {showsConfirmation(order) && <ConfirmationPanel order={order} />}
        <Panel title={o.items}>
          <ul className="divide-y divide-line">
            {order.products.map((line) => (
              <li key={line._id} className="flex gap-3 py-3">
                {line.product.defaultImage.url ? (
                  <img
                    src={line.product.defaultImage.url}
                    alt=""
                    className="size-16 shrink-0 rounded-lg bg-sand object-cover"
                  />
                ) : (
                  <span className="size-16 shrink-0 rounded-lg bg-sand" aria-hidden="true" />
                )}
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-ink">
                    <bdi>{localizedName(line.product)}</bdi>
                  </p>
                  {line.variant ? (
                    <p className="text-sm text-ink-soft">
                      <span>{chosenOptionsText(line.variant)}</span>
                      <span className="ms-2 text-xs text-muted">
                        {format(messages.adminVariants.skuLabel, { sku: isolate(line.variant.sku) })}
                      </span>
                    </p>
                  ) : null}
                  {line.variantToConfirm ? (
                    <p className="text-sm font-semibold text-danger">{messages.orders.variantToConfirm}</p>
                  ) : null}
                  {line.variantToConfirm && order.status === 'pending' ? (
                    <LineVariantChooser order={order} line={line} />
                  ) : null}
                  {/* She may ask for another size or colour while the order awaits her word (issue 37). */}
                  {line.variant && !line.variantToConfirm && order.confirmation.awaiting ? (
                    <LineVariantChange order={order} line={line} />
                  ) : null}
                  <dl className="mt-1 flex flex-wrap gap-x-6 gap-y-1 text-sm text-ink-soft">
                    <div>
                      <dt className="text-xs text-muted">{m.unitPrice}</dt>
                      <dd>{formatEgp(line.unitPrice)}</dd>
                    </div>
                    <div>
                      <dt className="text-xs text-muted">{m.quantity}</dt>
                      <dd>{line.quantity}</dd>
                    </div>
                    <div>
                      <dt className="text-xs text-muted">{m.lineTotal}</dt>
                      <dd className="font-medium text-ink">{formatEgp(line.unitPrice * line.quantity)}</dd>
                    </div>
                  </dl>
                </div>
              </li>
            ))}
          </ul>
          <dl className="mt-4 border-t border-line pt-3">
            <Fact label={m.subtotal}>{formatEgp(order.totalPrice)}</Fact>
            <Fact label={m.shippingFee}>{formatEgp(order.shippingFee)}</Fact>
            {order.cashOnDeliveryFee > 0 && (
              <Fact label={s.cashOnDeliveryFee}>{formatEgp(order.cashOnDeliveryFee)}</Fact>
            )}
            <Fact label={m.total}>
              <span className="text-lg font-semibold">{formatEgp(order.grandTotal)}</span>
            </Fact>
          </dl>
        </Panel>
        <DeliveryPanel order={order} />
      </div>

      <div className="flex min-w-0 flex-col gap-6">
        <Panel title={m.customerInfo}>
          <dl>
            <Fact label={m.customerName}>{order.name}</Fact>
            <Fact label={m.customerPhone}>
              <Contact order={order} />
            </Fact>
            <Fact label={m.customerEmail}>
              <bdi dir="ltr">{order.createdBy.email}</bdi>
            </Fact>
            <Fact label={m.customerAddress}>
              {/* The order's own line, in the language it was placed in, as the courier will read it. */}
              <bdi>{order.address}</bdi>
            </Fact>
            <Fact label={m.customerCity}>{cityName(order.city, messages.orders)}</Fact>
          </dl>
        </Panel>
        {order.customerRecord && (
          <CustomerRecord record={order.customerRecord} phone={order.customerRecord.phone} />
        )}
        <Panel title={m.paymentInfo}>
          <dl>
            <Fact label={m.paymentMethod}>{PAYMENT_TYPE_LABELS[order.paymentType] ?? order.paymentType}</Fact>
            <Fact label={m.grandTotal}>
              <span className="text-lg font-semibold">{formatEgp(order.grandTotal)}</span>
            </Fact>
            <Fact label={m.colProofState}>{PROOF_STATE_LABELS[orderProofState(order)]}</Fact>
          </dl>
          <h3 className="mt-4 mb-2 font-sans text-sm font-semibold text-ink-soft">{m.paymentProof}</h3>
          {order.paymentImage ? (
            <div className="flex flex-col gap-3">
              <button
                type="button"
                className="overflow-hidden rounded-lg border border-line"
                onClick={() => setViewing(true)}
              >
                <img
                  src={order.paymentImage.url}
                  alt={proofAlt}
                  className="max-h-64 w-full bg-sand object-contain"
                />
              </button>
              <div className="flex gap-2">
                <button type="button" className="btn btn-outline flex-1" onClick={() => setViewing(true)}>
                  <Eye className="size-4" aria-hidden="true" />
                  {m.viewProof}
                </button>
                <button
                  type="button"
                  className="btn btn-primary flex-1"
                  onClick={() => void downloadProof(order.paymentImage?.url ?? '', order._id)}
                >
                  <Download className="size-4" aria-hidden="true" />
                  {m.downloadProof}
                </button>
              </div>
            </div>
          ) : (
            <p className="text-sm text-muted">{m.noProof}</p>
          )}
          <div className="mt-4 border-t border-line pt-4">
            <PaymentCheck order={order} />
          </div>
        </Panel>
        <Panel title={m.historyTitle}>
          <History order={order} />
        </Panel>
      </div>
      {viewing && order.paymentImage && (
        <ProofModal src={order.paymentImage.url} alt={proofAlt} onClose={() => setViewing(false)} />
      )}
    </div>
  );
}

function BackLink() {
  return (
    <Link to={href.adminOrders()} className="btn btn-ghost">
      <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden="true" />
      {m.backToOrders}
    </Link>
  );
}

/** /dashboard/order/{id} (SPEC §2, §5): change the status, see the customer, lines, totals and proof. */
export default function OrderDetailPage() {
  useDocumentTitle(m.orderDetails);
  const { id = '' } = useParams();
  const { token } = useSession();
  const valid = UUID.test(id);
  const order = useQuery({ ...adminOrderQuery(id), enabled: Boolean(token) && valid });
  const loading = useMinimumLoading(order.isPending && Boolean(token) && valid);

  useEffect(() => {
    if (!token) notify.error(o.loginToViewOrder, { id: o.loginToViewOrder });
    else if (!valid) notify.error(o.invalidOrderId, { id: o.invalidOrderId });
  }, [token, valid]);

  const notFound = order.error instanceof ApiError && order.error.status === 404;
  useFailureToast(notFound ? null : order.error, o.failedToFetchOrderDetails, o.failedToFetchOrderDetails);

  if (!token) return <Navigate to={href.login()} replace />;
  if (!valid) return <Navigate to={href.adminOrders()} replace />;
  if (loading) return <Spinner size="section" />;
  if (!order.data) {
    return (
      <section className="card mx-auto flex max-w-lg flex-col items-center gap-4 px-6 py-14 text-center">
        <span className="grid size-16 place-items-center rounded-pill bg-sand text-accent">
          <PackageX className="size-7" aria-hidden="true" />
        </span>
        <h1 className="text-title text-ink">{notFound ? o.orderNotFound : o.failedToFetchOrderDetails}</h1>
        <BackLink />
      </section>
    );
  }

  const data = order.data;
  return (
    <section>
      <AdminHeader
        title={format(m.orderNumber, { number: isolate(data.number) })}
        intro={format(m.placedOn, { date: formatDateTime(data.createdAt) })}
        actions={
          <>
            <Link to={href.adminPrint([data._id], 'invoice')} className="btn btn-outline">
              <Printer className="size-4" aria-hidden="true" />
              {m.printInvoice}
            </Link>
            <Link to={href.adminPrint([data._id], 'slip')} className="btn btn-outline">
              <Printer className="size-4" aria-hidden="true" />
              {m.printSlip}
            </Link>
            <BackLink />
          </>
        }
      />
      <div className="card mb-6 flex flex-wrap items-end justify-between gap-4 p-5">
        <StatusSelect order={data} />
        <p className="text-sm text-muted">
          {m.customer}: <bdi className="text-ink">{data.createdBy.username}</bdi>
        </p>
      </div>
      <OrderView order={data} />
    </section>
  );
}
