import { Truck } from 'lucide-react';
import { Link } from 'react-router';
import { cityName } from '@/shared/address';
import { CITIES, SHIPPING_FEES } from '@/shared/constants';
import { inLanguage } from '@/shared/localized';
import type { DeliveryZone } from '@/shared/schemas/settings';
import { format, formatEgp, language } from '@/web/i18n/language';
import { messages } from '@/web/i18n/messages';
import { useShopSettings } from '@/web/lib/api/get-settings';
import { estimateText } from '@/web/lib/delivery-words';
import { href } from '@/web/paths';

const m = messages.catalog;
const d = messages.delivery;

/** One zone: its name and fee (or 'Free delivery'), then its free-delivery threshold and estimate. */
function ZoneLine({ zone }: { zone: DeliveryZone }) {
  const fee = zone.fee === 0 ? d.freeDelivery : formatEgp(zone.fee);
  const details = [
    zone.fee > 0 && zone.freeOver !== null ? format(d.freeOver, { amount: formatEgp(zone.freeOver) }) : null,
    estimateText(zone.estimateDays),
  ].filter((detail) => detail !== null);
  return (
    <li>
      {format(d.deliveryTo, { governorate: inLanguage(zone.name, language), fee })}
      <span className="block text-xs text-muted">{details.join(' · ')}</span>
    </li>
  );
}

/**
 * The product page's delivery and returns (issues 16 and 36): each of the owner's delivery zones with
 * its fee, free-delivery threshold and estimate; the three cities' fees on a page whose settings carry
 * no zones (DESIGN §3's until the settings have loaded); and the way to the shipping and returns pages.
 */
export function DeliveryBlock() {
  const settings = useShopSettings();
  const zones = settings?.deliveryZones;
  const fees = settings?.shippingFees ?? SHIPPING_FEES;
  return (
    <section
      aria-labelledby="delivery-title"
      className="mt-6 rounded-2xl border border-line bg-surface p-4 text-sm"
    >
      <h2 id="delivery-title" className="flex items-center gap-2 font-semibold text-ink">
        <Truck className="size-4" aria-hidden="true" />
        {m.deliveryTitle}
      </h2>
      <ul className="mt-3 space-y-1.5 text-ink-soft">
        {zones
          ? zones.map((zone) => <ZoneLine key={zone.id} zone={zone} />)
          : CITIES.map((city) => (
              <li key={city}>
                {format(m.deliveryFee, { city: cityName(city, messages.orders), fee: formatEgp(fees[city]) })}
              </li>
            ))}
      </ul>
      <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1">
        <Link to={href.policy('returns')} className="text-ink underline underline-offset-2">
          {m.returnsLink}
        </Link>
        <Link to={href.policy('shipping')} className="text-ink underline underline-offset-2">
          {m.shippingLink}
        </Link>
      </p>
    </section>
  );
}
