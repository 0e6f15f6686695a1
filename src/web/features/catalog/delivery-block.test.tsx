import { QueryClient } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deliveryZonesOf } from '@/shared/delivery';
import type { DeliveryZone, PublicSettings } from '@/shared/schemas/settings';
import { queryKeys } from '@/web/lib/query-keys';
import { renderRoute } from '@/web/lib/testing';
import { DeliveryBlock } from './delivery-block';

afterEach(() => vi.unstubAllGlobals());

/** The page's public settings as the server embeds them; only the delivery fields are read here. */
function settingsWith(fields: Partial<Pick<PublicSettings, 'deliveryZones' | 'shippingFees'>>): QueryClient {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  queryClient.setQueryData(queryKeys.settings, {
    shippingFees: { Cairo: 70, Giza: 40, 'Outside Cairo and Giza': 90 },
    ...fields,
  } as PublicSettings);
  return queryClient;
}

const lines = () =>
  within(screen.getByRole('region', { name: 'Delivery and returns' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe("the product page's delivery block", () => {
  it("lists the owner's zones: the fee or Free delivery, the free-delivery threshold and the estimate", () => {
    const [cairo, giza, outside] = deliveryZonesOf({ Cairo: 70, Giza: 40, 'Outside Cairo and Giza': 90 });
    const zones: DeliveryZone[] = [
      { ...cairo!, fee: 0 },
      { ...giza!, freeOver: 1500 },
      { ...outside!, name: { en: 'Rest of Egypt', ar: 'باقي المحافظات' }, estimateDays: { min: 3, max: 7 } },
    ];
    renderRoute(<DeliveryBlock />, { queryClient: settingsWith({ deliveryZones: zones }) });
    expect(lines()).toEqual([
      'Delivery to Cairo: Free deliveryDelivery in 1–3 days',
      'Delivery to Giza: 40 EGPFree over 1,500 EGP · Delivery in 1–3 days',
      'Delivery to Rest of Egypt: 90 EGPDelivery in 3–7 days',
    ]);
    expect(screen.getByRole('link', { name: 'Shipping details' })).toHaveAttribute('href', '/pages/shipping');
  });

  it("falls back to the three cities' fees on a page whose settings carry no zones", () => {
    renderRoute(<DeliveryBlock />, { queryClient: settingsWith({}) });
    expect(lines()).toEqual([
      'Delivery to Cairo: 70 EGP',
      'Delivery to Giza: 40 EGP',
      'Delivery to Outside Cairo and Giza: 90 EGP',
    ]);
  });
});
