import { Truck } from 'lucide-react';
import type { ReactNode } from 'react';
import { isolate } from '@/web/i18n/bidi';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/i18n/messages';
import { toEgp, toPiastres } from '@/shared/money';
import { formatEgp } from '@/web/i18n/language';
import type { CartLineDto } from '@/shared/schemas/cart';
import { lineOptionsText } from '@/web/lib/chosen-options-text';
import { localizedName } from '@/web/lib/localized';
import type { DeliveryQuote } from '@/web/lib/api/get-delivery-quote';
import { estimateText } from '@/web/lib/delivery-words';

const m = messages.orders;
const d = messages.delivery;

/** Where the delivery quote stands: nothing chosen, being asked, failed, or the server's numbers. */
export type QuoteView =
  { kind: 'unchosen' } | { kind: 'loading' } | { kind: 'failed' } | { kind: 'quoted'; quote: DeliveryQuote };

interface OrderSummaryProps {
  lines: CartLineDto[];
  subtotal: number;
  delivery: QuoteView;
}

/** What the delivery line of the summary says: the fee, 'Free delivery', or why there is no number yet. */
function deliveryValue(delivery: QuoteView): ReactNode {
  switch (delivery.kind) {
    case 'unchosen':
      return <span className="text-muted">{d.chooseGovernorate}</span>;
    case 'loading':
      return <span className="text-muted">{d.calculatingDelivery}</span>;
    case 'failed':
      return <span className="text-muted">—</span>;
    case 'quoted': {
      const { quote } = delivery;
      if (!quote.deliverable) return <span className="text-muted">—</span>;
      if (quote.freeDelivery || quote.shippingFee === 0) {
        return <span className="font-medium text-success">{d.freeDelivery}</span>;
      }
      return formatEgp(quote.shippingFee);
    }
  }
}

/**
 * The lines, the subtotal, and what delivering them costs as the server quoted it for the chosen
 * governorate and payment (issue 36): the fee or 'Free delivery', the cash-on-delivery fee, the
 * estimate and the total. No amount here is computed in the browser but the lines' own.
 */
export function OrderSummary({ lines, subtotal, delivery }: OrderSummaryProps) {
  const quote = delivery.kind === 'quoted' && delivery.quote.deliverable ? delivery.quote : null;
  const toFreeDelivery =
    quote && !quote.freeDelivery && quote.freeOver !== null && quote.freeOver > quote.subtotal
      ? toEgp(toPiastres(quote.freeOver) - toPiastres(quote.subtotal))
      : null;
  return (
    <section aria-labelledby="order-summary-title" className="card p-5 sm:p-6">
      <h2 id="order-summary-title" className="mb-4 text-xl">
        {m.orderSummary}
      </h2>
      <ul className="flex flex-col gap-3 border-b border-line pb-4">
        {lines.map((line) => (
          <li key={line._id} className="flex items-center gap-3">
            {line.productId.defaultImage?.url ? (
              <img
                src={line.productId.defaultImage.url}
                alt=""
                width={48}
                height={48}
                loading="lazy"
                className="size-12 shrink-0 rounded-field bg-sand object-cover"
              />
            ) : (
              <span aria-hidden className="size-12 shrink-0 rounded-field bg-sand" />
            )}
            <span className="min-w-0 flex-1 text-sm text-ink-soft">
              {format(m.itemCount, { name: isolate(localizedName(line.productId)), n: line.quantity })}
              {lineOptionsText(line) ? (
                <span className="block text-xs text-muted">{lineOptionsText(line)}</span>
              ) : null}
            </span>
            <span className="text-sm font-medium tabular-nums">
              {formatEgp(toEgp(toPiastres(line.productId.finalPrice) * line.quantity))}
            </span>
          </li>
        ))}
      </ul>
      <dl className="mt-4 flex flex-col gap-2 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-ink-soft">{m.subtotal}</dt>
          <dd className="tabular-nums">{formatEgp(quote?.subtotal ?? subtotal)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-ink-soft">{m.shippingFee}</dt>
          <dd className="text-end tabular-nums">{deliveryValue(delivery)}</dd>
        </div>
        {quote && quote.cashOnDeliveryFee > 0 ? (
          <div className="flex justify-between gap-4">
            <dt className="text-ink-soft">{d.cashOnDeliveryFee}</dt>
            <dd className="tabular-nums">{formatEgp(quote.cashOnDeliveryFee)}</dd>
          </div>
        ) : null}
        <div className="mt-2 flex justify-between gap-4 border-t border-line pt-3 text-base font-semibold">
          <dt>{m.total}</dt>
          <dd className="tabular-nums">{formatEgp(quote?.grandTotal ?? subtotal)}</dd>
        </div>
      </dl>
      {quote?.estimateDays || toFreeDelivery !== null ? (
        <div className="mt-3 flex flex-col gap-1 text-sm text-ink-soft">
          {quote?.estimateDays ? (
            <p className="flex items-center gap-2">
              <Truck aria-hidden="true" className="size-4 shrink-0 text-muted" />
              {estimateText(quote.estimateDays)}
            </p>
          ) : null}
          {toFreeDelivery !== null ? (
            <p className="text-accent-strong">
              {format(d.addForFreeDelivery, { amount: formatEgp(toFreeDelivery) })}
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
