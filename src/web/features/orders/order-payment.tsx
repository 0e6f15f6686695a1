import { Copy } from 'lucide-react';
import { OWNER_CANCELLABLE_STATUSES } from '@/shared/constants';
import { formatDateTime } from '@/web/i18n/dates';
import { isolate } from '@/web/i18n/bidi';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/i18n/messages';
import { PAYMENT_TYPE_LABELS, shopPaymentInstructions } from '@/web/components/order-status';
import type { OrderDto } from '@/shared/schemas/order';
import { notify } from '@/web/lib/notify';
import { walletNumber } from '@/web/lib/shop';

const m = messages.orders;

/** The clipboard needs a secure page and the shopper's leave; without either, they copy by hand. */
async function copyWalletNumber(): Promise<void> {
  try {
    await navigator.clipboard.writeText(walletNumber);
    notify.success(m.copied, { id: 'wallet-copied' });
  } catch {
    notify.error(m.copyFailed, { id: 'wallet-copy-failed' });
  }
}

/**
 * How the order is paid: the method, and while the order is open and the shop has not yet marked the
 * money received, SPEC §9's instructions with the wallet number to copy; the proof the shopper sent.
 */
export function OrderPayment({ order }: { order: OrderDto }) {
  const open = (OWNER_CANCELLABLE_STATUSES as readonly string[]).includes(order.status);
  const { payment } = order;
  return (
    <section aria-labelledby="order-payment" className="card p-5 sm:p-6">
      <h2 id="order-payment" className="mb-3 text-xl">
        {m.payment}
      </h2>
      <p className="text-sm font-medium text-ink">{PAYMENT_TYPE_LABELS[order.paymentType]}</p>
      {payment.verified ? (
        <p className="mt-3 rounded-field bg-success/12 px-4 py-3 text-sm font-medium text-success">
          {payment.at
            ? format(m.paymentReceived, { date: isolate(formatDateTime(payment.at)) })
            : m.paymentReceivedUndated}
        </p>
      ) : open ? (
        <>
          <p className="mt-3 rounded-field bg-sand px-4 py-3 text-sm text-ink-soft">
            {shopPaymentInstructions(order.paymentType, {
              fee: order.shippingFee,
              total: order.grandTotal,
            })}
          </p>
          <div className="mt-3 flex items-center justify-between gap-3 rounded-field border border-line px-4 py-2.5">
            <div>
              <p className="text-xs text-muted">{m.walletNumber}</p>
              <p className="font-semibold tracking-wide text-ink tabular-nums">
                <bdi dir="ltr">{walletNumber}</bdi>
              </p>
            </div>
            <button
              type="button"
              className="btn btn-outline px-3 py-2"
              aria-label={m.copyWalletNumber}
              title={m.copyWalletNumber}
              onClick={() => void copyWalletNumber()}
            >
              <Copy className="size-4" aria-hidden="true" />
              {m.copy}
            </button>
          </div>
        </>
      ) : null}
      {order.paymentImage ? (
        <a
          href={order.paymentImage.url}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-3 inline-block text-sm font-medium text-accent-strong underline-offset-4 hover:underline"
        >
          {m.viewPaymentProof}
        </a>
      ) : null}
    </section>
  );
}
