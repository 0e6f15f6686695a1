import type { PaymentType } from '@/shared/constants';
import type { OrderDto } from '@/shared/schemas/order';
import type { TestApp } from './app';
import { makeImage } from './images';
import { multipartBody } from './multipart';
import { gizaShipping } from './shipping';
import type { TestUser } from './users';

/**
 * Turns off the owner's switch that holds cash orders for the customer's confirmation (issue 37), for
 * tests of what comes after it (the road, the couriers), which ship cash orders straight from the desk.
 */
export async function withoutConfirmation(t: TestApp, admin: TestUser): Promise<void> {
  const res = await t.app.inject({
    method: 'PATCH',
    url: '/api/settings',
    headers: admin.headers,
    payload: { confirmation: { cashOrders: false } },
  });
  if (res.statusCode !== 200) throw new Error(`settings answered ${res.statusCode}: ${res.body}`);
}

/**
 * Puts the lines in the user's cart and places the order through the API (Giza delivery unless
 * `shipping` says otherwise; an InstaPay order sends a small proof image). Throws unless it answers 201.
 */
export async function placeTestOrder(
  t: TestApp,
  user: TestUser,
  lines: Array<[productId: string, quantity: number]>,
  paymentType: PaymentType = 'cash',
  shipping: Record<string, string> = gizaShipping,
): Promise<OrderDto> {
  for (const [productId, quantity] of lines) {
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: user.headers,
      payload: { productId, quantity },
    });
    if (added.statusCode !== 200) throw new Error(`cart answered ${added.statusCode}: ${added.body}`);
  }
  const files: Record<string, Buffer> =
    paymentType === 'instapay' ? { paymentImage: await makeImage(40, 30, 'png') } : {};
  const body = multipartBody({ ...shipping, paymentType }, files);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: { ...user.headers, ...body.headers },
    payload: body.payload,
  });
  if (res.statusCode !== 201) throw new Error(`order answered ${res.statusCode}: ${res.body}`);
  return res.json<{ order: OrderDto }>().order;
}
