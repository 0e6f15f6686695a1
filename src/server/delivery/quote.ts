import { and, eq } from 'drizzle-orm';
import type { PaymentType } from '@/shared/constants';
import { deliveryCharge } from '@/shared/delivery';
import type { GovernorateCode } from '@/shared/governorates';
import { toEgp } from '@/shared/money';
import type { DeliveryQuote } from '@/shared/schemas/delivery';
import type { DeliveryZone } from '@/shared/schemas/settings';
import { cartLinesWithProducts } from '../cart/queries';
import { lineUnitPiastres } from '../cart/service';
import type { Db } from '../db/client';
import { carts } from '../db/schema';
import type { SessionUser } from '../plugins/auth-guard';
import { zoneOfDestination } from './zones';

/** The caller's cart (the one named, when it is theirs), or none: a visitor's quote is for an empty cart. */
async function cartIdOf(
  db: Db,
  user: SessionUser | null,
  cartId: string | undefined,
): Promise<string | null> {
  if (!user) return null;
  const [row] = await db
    .select({ id: carts.id })
    .from(carts)
    .where(cartId ? and(eq(carts.id, cartId), eq(carts.userId, user.id)) : eq(carts.userId, user.id))
    .limit(1);
  return row?.id ?? null;
}

/** What the cart's items cost today, in piastres, as the order would charge them. */
async function subtotalOf(db: Db, cartId: string | null): Promise<number> {
  if (!cartId) return 0;
  const lines = await cartLinesWithProducts(db, cartId);
  return lines.reduce((sum, line) => sum + lineUnitPiastres(line) * line.quantity, 0);
}

/**
 * Delivery to `governorate` for the caller's cart, by the same rules the order applies (./zones.ts):
 * what the checkout shows before the order is placed. Where the shop does not deliver, or takes no cash
 * while cash is asked, the quote says so rather than refusing: the page shows why.
 */
export async function quoteFor(
  db: Db,
  zones: DeliveryZone[],
  user: SessionUser | null,
  query: { governorate: GovernorateCode; paymentType: PaymentType; cartId?: string | undefined },
): Promise<DeliveryQuote> {
  const subtotalPiastres = await subtotalOf(db, await cartIdOf(db, user, query.cartId));
  const { zone } = zoneOfDestination(zones, { governorate: query.governorate });
  if (!zone) {
    return {
      governorate: query.governorate,
      zone: null,
      deliverable: false,
      subtotal: toEgp(subtotalPiastres),
      shippingFee: 0,
      freeDelivery: false,
      freeOver: null,
      cashOnDeliveryAllowed: false,
      cashOnDeliveryFee: 0,
      estimateDays: null,
      grandTotal: toEgp(subtotalPiastres),
    };
  }
  const charge = deliveryCharge(zone, subtotalPiastres, query.paymentType);
  const cashFee = charge.cashOnDeliveryAllowed ? charge.cashOnDeliveryFeePiastres : 0;
  return {
    governorate: query.governorate,
    zone: { id: zone.id, name: zone.name },
    deliverable: true,
    subtotal: toEgp(subtotalPiastres),
    shippingFee: toEgp(charge.shippingFeePiastres),
    freeDelivery: charge.freeDelivery,
    freeOver: zone.freeOver,
    cashOnDeliveryAllowed: charge.cashOnDeliveryAllowed,
    cashOnDeliveryFee: toEgp(cashFee),
    estimateDays: zone.estimateDays,
    grandTotal: toEgp(subtotalPiastres + charge.shippingFeePiastres + cashFee),
  };
}
