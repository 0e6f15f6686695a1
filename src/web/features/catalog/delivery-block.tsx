import { Truck } from 'lucide-react';
import { Link } from 'react-router';
import { cityName } from '@/shared/address';
import { CITIES, SHIPPING_FEES } from '@/shared/constants';
import { format, formatEgp } from '@/web/i18n/language';
import { messages } from '@/web/i18n/messages';
import { useShopSettings } from '@/web/lib/api/get-settings';
import { href } from '@/web/paths';

const m = messages.catalog;

/**
 * The product page's delivery and returns (issue 16): the fee to each zone as the owner set it (DESIGN
 * §3's until the settings have loaded), and the way to the shipping and returns pages.
 */
export function DeliveryBlock() {
  const fees = useShopSettings()?.shippingFees ?? SHIPPING_FEES;
  return (
    <section
      aria-labelledby="delivery-title"
      className="mt-6 rounded-2xl border border-line bg-surface p-4 text-sm"
    >
      <h2 id="delivery-title" className="flex items-center gap-2 font-semibold text-ink">
        <Truck className="size-4" aria-hidden="true" />
        {m.deliveryTitle}
      </h2>
      <ul className="mt-3 space-y-1 text-ink-soft">
        {CITIES.map((city) => (
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
