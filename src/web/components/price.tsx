import { catalogShell } from '@/web/i18n/first-screen';
import { format } from '@/web/i18n/language';
import { formatEgp } from '@/web/i18n/language';
import { toNumber } from './product-card/product-view';

const m = catalogShell;

interface PriceProps {
  price?: number | string;
  discount?: number | string;
  finalPrice?: number | string;
  size?: 'card' | 'detail';
}

const sizes = {
  card: { final: 'text-base', original: 'text-xs', badge: 'text-[0.6875rem] px-1.5 py-0.5' },
  detail: { final: 'text-2xl', original: 'text-base', badge: 'text-xs px-2 py-1' },
} as const;

/**
 * SPEC §2's price block: with a discount above 0 the original price is struck through beside the final
 * price and '-{discount}%'; otherwise the final price alone, or 'No Price Available'.
 */
export function Price({ price, discount, finalPrice, size = 'card' }: PriceProps) {
  const style = sizes[size];
  const percent = toNumber(discount) ?? 0;
  const final = toNumber(finalPrice);
  const original = toNumber(price);

  if (final === undefined) {
    return <p className="text-sm text-muted">{m.noPriceAvailable}</p>;
  }
  if (percent > 0 && original !== undefined) {
    return (
      <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <span className={`${style.final} font-semibold text-ink`}>{formatEgp(final)}</span>
        <del className={`${style.original} text-muted`}>{formatEgp(original)}</del>
        <span className={`${style.badge} rounded-pill bg-accent-soft font-semibold text-accent-strong`}>
          {format(m.discountBadge, { discount: percent })}
        </span>
      </p>
    );
  }
  return (
    <p>
      <span className={`${style.final} font-semibold text-ink`}>{formatEgp(final)}</span>
    </p>
  );
}
