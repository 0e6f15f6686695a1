import { Truck } from 'lucide-react';
import { useState } from 'react';
import { SHIPPING_FEES } from '@/shared/constants';
import { toEgp, toPiastres } from '@/shared/money';
import type { CartDto } from '@/shared/schemas/cart';
import { format, formatEgp } from '@/web/i18n/language';
import { messages } from '@/web/i18n/messages';
import { lastGovernorate, useDeliveryQuote } from '@/web/lib/api/get-delivery-quote';
import { useShopSettings } from '@/web/lib/api/get-settings';
import { estimateText, governorateLabel } from '@/web/lib/delivery-words';

const d = messages.delivery;

/** The lowest fee of the shop's zones (its three cities' on a page served before zones existed). */
function lowestFee(settings: ReturnType<typeof useShopSettings>): number {
  const fees =
    settings?.deliveryZones?.map((zone) => zone.fee) ??
    Object.values(settings?.shippingFees ?? SHIPPING_FEES);
  return Math.min(...fees);
}

/**
 * The cart's delivery line (issue 36): to the governorate she chose last (checkout remembers it), the
 * server's fee or 'Free delivery', the estimate and what is left to free delivery; before any choice,
 * the shop's lowest fee. Every amount is the server's: the quote, or the owner's zones.
 */
export function CartDelivery({ cart }: { cart: CartDto }) {
  const settings = useShopSettings();
  // Read once: another tab choosing a governorate does not move this line under her.
  const [governorate] = useState(lastGovernorate);
  const quoted = useDeliveryQuote({
    governorate,
    paymentType: 'cash',
    cartId: cart._id,
    subtotal: cart.subtotal,
  });
  const quote = governorate ? quoted.data : undefined;

  // The last line, when it is the way to free delivery, stands out.
  let toFreeDelivery: string | null = null;
  let lines: string[];
  if (governorate && quoted.isPending) {
    lines = [d.calculatingDelivery];
  } else if (governorate && quote && !quote.deliverable) {
    lines = [format(d.notDeliverable, { governorate: governorateLabel(governorate) })];
  } else if (governorate && quote) {
    const fee = quote.freeDelivery || quote.shippingFee === 0 ? d.freeDelivery : formatEgp(quote.shippingFee);
    lines = [format(d.deliveryTo, { governorate: governorateLabel(governorate), fee })];
    if (quote.estimateDays) lines.push(estimateText(quote.estimateDays));
    if (!quote.freeDelivery && quote.freeOver !== null && quote.freeOver > quote.subtotal) {
      const amount = formatEgp(toEgp(toPiastres(quote.freeOver) - toPiastres(quote.subtotal)));
      toFreeDelivery = format(d.addForFreeDelivery, { amount });
    }
  } else {
    // Nothing chosen yet, or the quote failed: what delivery costs at the least.
    lines = [format(d.deliveryFrom, { fee: formatEgp(lowestFee(settings)) })];
  }

  return (
    <div className="flex items-start gap-2 text-sm text-ink-soft" aria-live="polite">
      <Truck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted" />
      <p className="flex flex-col">
        {lines.map((line) => (
          <span key={line}>{line}</span>
        ))}
        {toFreeDelivery ? <span className="text-accent-strong">{toFreeDelivery}</span> : null}
      </p>
    </div>
  );
}
