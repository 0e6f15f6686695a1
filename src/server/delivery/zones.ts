import type { City, PaymentType } from '@/shared/constants';
import { deliveryCharge, zoneOfCity, zoneOfGovernorate, type DeliveryCharge } from '@/shared/delivery';
import type { GovernorateCode } from '@/shared/governorates';
import { messages } from '@/shared/messages';
import type { DeliveryZone } from '@/shared/schemas/settings';
import { AppError } from '../errors';

/** Where an order goes, as the shopper or her client named it: a governorate, or only a city of DESIGN §3. */
export type Destination = { governorate: GovernorateCode } | { governorate: null; city: City };

export interface ZoneCharge extends DeliveryCharge {
  /** The governorate delivered to; null for a city that names none ('Outside Cairo and Giza'). */
  governorate: GovernorateCode | null;
  zone: DeliveryZone;
}

/** The zone a destination is delivered in, or undefined where the shop does not deliver. */
export function zoneOfDestination(
  zones: DeliveryZone[],
  destination: Destination,
): { governorate: GovernorateCode | null; zone: DeliveryZone | undefined } {
  return destination.governorate === null
    ? zoneOfCity(zones, destination.city)
    : { governorate: destination.governorate, zone: zoneOfGovernorate(zones, destination.governorate) };
}

/**
 * What delivering an order of `subtotalPiastres` to `destination` costs, by the shop's zones now; a
 * governorate no zone holds, and cash where the zone takes none, are refused (400).
 */
export function chargeFor(
  zones: DeliveryZone[],
  destination: Destination,
  subtotalPiastres: number,
  paymentType: PaymentType,
): ZoneCharge {
  const { governorate, zone } = zoneOfDestination(zones, destination);
  if (!zone) throw new AppError('BAD_REQUEST', messages.delivery.notDelivered);
  const charge = deliveryCharge(zone, subtotalPiastres, paymentType);
  if (paymentType === 'cash' && !charge.cashOnDeliveryAllowed) {
    throw new AppError('BAD_REQUEST', messages.delivery.cashNotAllowed);
  }
  return { ...charge, governorate, zone };
}
