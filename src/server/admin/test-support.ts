import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { City, OrderStatus, PaymentType } from '@/shared/constants';
import { orderHistory, orderLines, orders, type StoredImage } from '../db/schema';
import type { TestApp } from '../test/app';
import { multipartBody, type MultipartFilePart } from '../test/multipart';
import type { TestUser } from '../test/users';

/** Every key in the test app's image store under `folder` (e.g. "products"), sorted. */
export async function storedKeys(t: TestApp, folder: string): Promise<string[]> {
  try {
    const names = await readdir(join(t.storeDir, folder));
    return names.map((name) => `${folder}/${name}`).sort();
  } catch {
    return [];
  }
}

/** The keys a stored image occupies: the original and each smaller copy. */
export function keysOf(image: { key: string; widths: number[] }): string[] {
  return [image.key, ...image.widths.map((width) => image.key.replace(/\.webp$/, `-${width}.webp`))];
}

/** The store key behind an answered image url (`/uploads/<key>` on the local store). */
export function keyOfUrl(url: string): string {
  return url.replace(/^\/uploads\//, '');
}

type Fields = Record<string, string | number | Array<string | number>>;
type Files = Record<string, Buffer | MultipartFilePart | Array<Buffer | MultipartFilePart>>;

/** Sends a multipart admin form as `user` (or as a visitor when null). */
export function sendForm(
  t: TestApp,
  user: TestUser | null,
  method: 'POST' | 'PATCH',
  url: string,
  fields: Fields = {},
  files: Files = {},
) {
  const body = multipartBody(fields, files);
  return t.app.inject({
    method,
    url,
    payload: body.payload,
    headers: { ...body.headers, ...(user?.headers ?? {}) },
  });
}

let orderNumber = 0;

/**
 * An order straight in the database, for tests that need orders without going through checkout:
 * one line holding a snapshot of `product` when one is given.
 */
export async function insertOrder(
  t: TestApp,
  user: TestUser,
  options: {
    status?: OrderStatus;
    grandTotal?: number;
    line?: { productId: string; name: string; slug: string; image: StoredImage | null; unitPrice: number };
    name?: string;
    phone?: string;
    address?: string;
    paymentType?: PaymentType;
    /** A proof's store key (the file itself is not stored). */
    paymentImageKey?: string;
    createdAt?: Date;
  } = {},
): Promise<string> {
  orderNumber += 1;
  const grandTotalPiastres = Math.round((options.grandTotal ?? 170) * 100);
  const city: City = 'Cairo';
  const shippingFeePiastres = 7000;
  const [order] = await t.database.db
    .insert(orders)
    .values({
      userId: user.id,
      status: options.status ?? 'pending',
      name: options.name ?? `Customer ${orderNumber}`,
      phone: options.phone ?? '01012345678',
      address: options.address ?? '12 Nile Street, Cairo',
      city,
      paymentType: options.paymentType ?? 'cash',
      paymentImageKey: options.paymentImageKey ?? null,
      ...(options.createdAt ? { createdAt: options.createdAt, updatedAt: options.createdAt } : {}),
      totalPiastres: grandTotalPiastres - shippingFeePiastres,
      shippingFeePiastres,
      grandTotalPiastres,
    })
    .returning({ id: orders.id, createdAt: orders.createdAt });
  if (!order) throw new Error('order not inserted');
  // As checkout writes it: the history starts with the placement by the buyer.
  await t.database.db
    .insert(orderHistory)
    .values({ orderId: order.id, status: 'pending', at: order.createdAt, byUserId: user.id });
  if (options.line) {
    await t.database.db.insert(orderLines).values({
      orderId: order.id,
      productId: options.line.productId,
      name: options.line.name,
      slug: options.line.slug,
      image: options.line.image,
      unitPricePiastres: Math.round(options.line.unitPrice * 100),
      quantity: 1,
    });
  }
  return order.id;
}
