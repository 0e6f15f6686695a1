import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SHIPPING_FEES } from './constants';
import {
  cityFeesOf,
  deliveryCharge,
  deliveryZonesOf,
  fallbackZone,
  withCityFees,
  zoneOfCity,
  zoneOfGovernorate,
} from './delivery';
import { CAIRO, GIZA, GOVERNORATE_CODES } from './governorates';
import { DeliveryZonesSchema, type DeliveryZone } from './schemas/settings';

/** An amount in EGP with at most two decimals, as the settings take them. */
const egp = fc.integer({ min: 0, max: 500_000 }).map((piastres) => piastres / 100);

const zoneArb: fc.Arbitrary<DeliveryZone> = fc.record({
  id: fc.constant('zone'),
  name: fc.constant({ en: 'Zone', ar: 'منطقة' }),
  governorates: fc.constant([CAIRO]),
  fee: egp,
  freeOver: fc.option(egp, { nil: null }),
  cashOnDelivery: fc.boolean(),
  cashOnDeliveryFee: egp,
  estimateDays: fc.constant({ min: 1, max: 3 }),
});

describe('delivery charges (issue 36)', () => {
  it('waives the fee exactly when the subtotal is at or over the threshold, and never otherwise', () => {
    fc.assert(
      fc.property(zoneArb, fc.integer({ min: 0, max: 10_000_000 }), (zone, subtotal) => {
        const charge = deliveryCharge(zone, subtotal, 'instapay');
        const free = zone.freeOver !== null && subtotal >= Math.round(zone.freeOver * 100);
        expect(charge.freeDelivery).toBe(free);
        expect(charge.shippingFeePiastres).toBe(free ? 0 : Math.round(zone.fee * 100));
      }),
    );
  });

  it('charges more items never more delivery: the fee only falls as the subtotal grows', () => {
    fc.assert(
      fc.property(zoneArb, fc.nat(5_000_000), fc.nat(5_000_000), (zone, a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(deliveryCharge(zone, high, 'cash').shippingFeePiastres).toBeLessThanOrEqual(
          deliveryCharge(zone, low, 'cash').shippingFeePiastres,
        );
      }),
    );
  });

  it('adds the cash fee to cash orders only, in whole piastres', () => {
    fc.assert(
      fc.property(zoneArb, fc.nat(1_000_000), (zone, subtotal) => {
        expect(deliveryCharge(zone, subtotal, 'instapay').cashOnDeliveryFeePiastres).toBe(0);
        const cash = deliveryCharge(zone, subtotal, 'cash');
        expect(cash.cashOnDeliveryFeePiastres).toBe(Math.round(zone.cashOnDeliveryFee * 100));
        expect(Number.isInteger(cash.shippingFeePiastres + cash.cashOnDeliveryFeePiastres)).toBe(true);
        expect(cash.cashOnDeliveryAllowed).toBe(zone.cashOnDelivery);
      }),
    );
  });
});

describe("DESIGN §3's three cities on the zones", () => {
  it('makes three valid zones of any fees, each governorate in one of them, that charge those fees', () => {
    fc.assert(
      fc.property(egp, egp, egp, (cairo, giza, outside) => {
        const fees = { Cairo: cairo, Giza: giza, 'Outside Cairo and Giza': outside };
        const zones = deliveryZonesOf(fees);
        expect(DeliveryZonesSchema.safeParse(zones).success).toBe(true);
        for (const code of GOVERNORATE_CODES) expect(zoneOfGovernorate(zones, code)).toBeDefined();
        expect(zoneOfCity(zones, 'Cairo').zone?.fee).toBe(cairo);
        expect(zoneOfCity(zones, 'Giza').zone?.fee).toBe(giza);
        expect(zoneOfCity(zones, 'Outside Cairo and Giza')).toEqual({ governorate: null, zone: zones[2] });
        expect(cityFeesOf(zones, SHIPPING_FEES)).toEqual(fees);
      }),
    );
  });

  it('sets the fee of the zone each city is charged as, and reads the same fees back', () => {
    fc.assert(
      fc.property(fc.record({ Cairo: egp, Giza: egp, 'Outside Cairo and Giza': egp }), (fees) => {
        const zones = withCityFees(deliveryZonesOf(SHIPPING_FEES), fees);
        expect(cityFeesOf(zones, SHIPPING_FEES)).toEqual(fees);
      }),
    );
  });

  it('charges a city-only order outside Cairo and Giza as the dearest zone holding neither', () => {
    const [cairo, giza, outside] = deliveryZonesOf(SHIPPING_FEES);
    const near = { ...outside!, id: 'near', fee: 50, governorates: ['EG-KB' as const] };
    const far = { ...outside!, governorates: outside!.governorates.filter((code) => code !== 'EG-KB') };
    expect(fallbackZone([cairo!, giza!, near, far]).id).toBe('outside-cairo-and-giza');
    // A shop that delivers to Greater Cairo alone charges it as its dearest zone.
    const greater = { ...cairo!, governorates: [CAIRO, GIZA], fee: 60 };
    expect(fallbackZone([greater]).id).toBe('cairo');
  });
});
