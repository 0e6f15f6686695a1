import type { City, DeliveryState } from './constants';
import { CAIRO, GIZA, GOVERNORATE_CODES, type GovernorateCode } from './governorates';
import type { LocalizedText } from './localized';
import type { DeliveryMove } from './schemas/delivery';
import type { DeliveryZone } from './schemas/settings';

/**
 * DESIGN §3's three zones at the given fees (issue 36): Cairo, Giza, and every other governorate as
 * Outside Cairo and Giza, cash allowed everywhere, no free delivery, no cash fee. Migration 0019 writes
 * the same for a shop that had settings before zones (its own fees).
 */
export function deliveryZonesOf(fees: Record<City, number>): DeliveryZone[] {
  const zone = (
    id: string,
    name: LocalizedText,
    governorates: GovernorateCode[],
    fee: number,
    days: [number, number],
  ) => ({
    id,
    name,
    governorates,
    fee,
    freeOver: null,
    cashOnDelivery: true,
    cashOnDeliveryFee: 0,
    estimateDays: { min: days[0], max: days[1] },
  });
  return [
    zone('cairo', { en: 'Cairo', ar: 'القاهرة' }, [CAIRO], fees.Cairo, [1, 3]),
    zone('giza', { en: 'Giza', ar: 'الجيزة' }, [GIZA], fees.Giza, [1, 3]),
    zone(
      'outside-cairo-and-giza',
      { en: 'Outside Cairo and Giza', ar: 'خارج القاهرة والجيزة' },
      GOVERNORATE_CODES.filter((code) => code !== CAIRO && code !== GIZA),
      fees['Outside Cairo and Giza'],
      [2, 5],
    ),
  ];
}

/** The zone that delivers to `governorate`; undefined: the shop does not deliver there. */
export function zoneOfGovernorate(
  zones: DeliveryZone[],
  governorate: GovernorateCode,
): DeliveryZone | undefined {
  return zones.find((zone) => zone.governorates.includes(governorate));
}

/**
 * The zone of DESIGN §3's 'Outside Cairo and Giza', for an order that names that city or no
 * governorate (a SPEC §7 client's): the most expensive zone holding neither Cairo nor Giza (the
 * default zones: outside-cairo-and-giza, at today's fee), else the most expensive zone of all.
 */
export function fallbackZone(zones: DeliveryZone[]): DeliveryZone {
  const outside = zones.filter(
    (zone) => !zone.governorates.includes(CAIRO) && !zone.governorates.includes(GIZA),
  );
  const candidates = outside.length > 0 ? outside : zones;
  return candidates.reduce((most, zone) => (zone.fee > most.fee ? zone : most));
}

/**
 * The governorate and zone of an order that names a city of DESIGN §3 but no governorate: Cairo and
 * Giza are governorates of their own; 'Outside Cairo and Giza' names none, and goes to the fallback zone.
 * Cairo's or Giza's governorate in no zone (the owner stopped delivering there) answers no zone.
 */
export function zoneOfCity(
  zones: DeliveryZone[],
  city: City,
): { governorate: GovernorateCode | null; zone: DeliveryZone | undefined } {
  if (city === 'Cairo') return { governorate: CAIRO, zone: zoneOfGovernorate(zones, CAIRO) };
  if (city === 'Giza') return { governorate: GIZA, zone: zoneOfGovernorate(zones, GIZA) };
  return { governorate: null, zone: fallbackZone(zones) };
}

/** What delivery in `zone` adds to an order of `subtotalPiastres` paid as `paymentType`, in piastres. */
export interface DeliveryCharge {
  shippingFeePiastres: number;
  /** The zone's threshold reached: the fee is waived. */
  freeDelivery: boolean;
  cashOnDeliveryAllowed: boolean;
  cashOnDeliveryFeePiastres: number;
}

/**
 * The zone's fee, waived when it has a threshold and the items reach it (at or over); a cash order pays
 * the zone's cash-on-delivery fee besides. Whether cash is allowed at all is the caller's to refuse.
 */
export function deliveryCharge(
  zone: DeliveryZone,
  subtotalPiastres: number,
  paymentType: 'cash' | 'instapay',
): DeliveryCharge {
  const freeDelivery = zone.freeOver !== null && subtotalPiastres >= Math.round(zone.freeOver * 100);
  return {
    shippingFeePiastres: freeDelivery ? 0 : Math.round(zone.fee * 100),
    freeDelivery,
    cashOnDeliveryAllowed: zone.cashOnDelivery,
    cashOnDeliveryFeePiastres: paymentType === 'cash' ? Math.round(zone.cashOnDeliveryFee * 100) : 0,
  };
}

/**
 * DESIGN §3's three fees as the zones charge them now (the `shippingFees` setting older clients read):
 * Cairo's and Giza's governorates' zones, and the fallback zone; a city whose governorate is in no zone
 * keeps the fee it had.
 */
export function cityFeesOf(zones: DeliveryZone[], before: Record<City, number>): Record<City, number> {
  return {
    Cairo: zoneOfGovernorate(zones, CAIRO)?.fee ?? before.Cairo,
    Giza: zoneOfGovernorate(zones, GIZA)?.fee ?? before.Giza,
    'Outside Cairo and Giza': fallbackZone(zones).fee,
  };
}

/**
 * The zones with DESIGN §3's fees set (an older client's `PATCH {shippingFees}`): each fee given goes to
 * the zone that city is charged as, the others keep theirs.
 */
export function withCityFees(zones: DeliveryZone[], fees: Partial<Record<City, number>>): DeliveryZone[] {
  const targets = new Map<string, number>();
  const fallback = fallbackZone(zones).id;
  if (fees['Outside Cairo and Giza'] !== undefined) targets.set(fallback, fees['Outside Cairo and Giza']);
  for (const city of ['Cairo', 'Giza'] as const) {
    const id = zoneOfCity(zones, city).zone?.id;
    if (fees[city] !== undefined && id !== undefined) targets.set(id, fees[city]);
  }
  return zones.map((zone) => (targets.has(zone.id) ? { ...zone, fee: targets.get(zone.id)! } : zone));
}

/**
 * Where an order's road may go from each state (issue 36): it ships once; a shipped parcel is
 * delivered, refused at the door or returned; a refused one comes back. Delivered and returned are
 * where it ends. `notShipped` is never a move (a cancelled courier shipment puts it back by itself).
 * The server enforces it; the admin's screens offer only these moves.
 */
export const DELIVERY_NEXT: Record<DeliveryState, readonly DeliveryMove[]> = {
  notShipped: ['shipped'],
  shipped: ['delivered', 'refused', 'returned'],
  refused: ['returned'],
  delivered: [],
  returned: [],
};

export function canMove(from: DeliveryState, to: DeliveryMove): boolean {
  return DELIVERY_NEXT[from].includes(to);
}
