import { isolate } from '@/web/i18n/bidi';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/i18n/messages';
import { toEgp, toPiastres } from '@/shared/money';
import { formatEgp } from '@/web/i18n/language';
import type { CartLineDto } from '@/shared/schemas/cart';
import { chosenOptionsText } from '@/web/lib/chosen-options-text';
import { localizedName } from '@/web/lib/localized';

const m = messages.orders;

interface OrderSummaryProps {
  lines: CartLineDto[];
  subtotal: number;
  fee: number | null;
  total: number | null;
}

/** The lines, subtotal, the chosen city's shipping fee and the total the shopper will pay. */
export function OrderSummary({ lines, subtotal, fee, total }: OrderSummaryProps) {
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
              {line.variant ? (
                <span className="block text-xs text-muted">{chosenOptionsText(line.variant.options)}</span>
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
          <dd className="tabular-nums">{formatEgp(subtotal)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-ink-soft">{m.shippingFee}</dt>
          <dd className="tabular-nums">
            {fee === null ? <span className="text-muted">{m.chooseCity}</span> : formatEgp(fee)}
          </dd>
        </div>
        <div className="mt-2 flex justify-between gap-4 border-t border-line pt-3 text-base font-semibold">
          <dt>{m.total}</dt>
          <dd className="tabular-nums">{formatEgp(total ?? subtotal)}</dd>
        </div>
      </dl>
    </section>
  );
}
