import { sql } from 'drizzle-orm';
import { createHash, createHmac, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { extract as createExtract, pack as createPack } from 'tar-stream';
import { expect } from 'vitest';
import type { DbOrTx } from '../db/client';
import { sendForm } from '../admin/test-support';
import type { TestApp } from '../test/app';
import { IDEMPOTENCY_HEADER } from '@/shared/constants';
import { makeImage } from '../test/images';
import { multipartBody } from '../test/multipart';
import { gizaShipping } from '../test/shipping';
import { placeTestOrder } from '../test/orders';
import { createUser, type TestUser } from '../test/users';
import { eventually } from '../test/eventually';
import type { OrderDto } from '@/shared/schemas/order';
import type { ObjectStore } from '../storage/types';
import { rowsOf, tablesInForeignKeyOrder } from './catalogue';
import type { Manifest } from './manifest';

export interface FilledShop {
  admin: TestUser;
  shoppers: TestUser[];
  productIds: string[];
}

/**
 * A shop with something in every table, made through the API as an owner and shoppers would:
 * categories and products with images, users, carts, cash and InstaPay orders (with proofs), ratings.
 */
export async function fillShop(t: TestApp): Promise<FilledShop> {
  const admin = await createUser(t, { role: 'admin' });
  const categoryIds: string[] = [];
  for (const [index, name] of ['Dresses', 'Scarves'].entries()) {
    const res = await sendForm(
      t,
      admin,
      'POST',
      '/api/category',
      { name },
      { category: await makeImage(60 + index, 40) },
    );
    expect(res.statusCode, res.body).toBe(201);
    categoryIds.push(res.json<{ category: { id: string } }>().category.id);
  }
  const productIds: string[] = [];
  for (let index = 0; index < 3; index += 1) {
    const res = await sendForm(
      t,
      admin,
      'POST',
      '/api/product',
      {
        name: `Linen Dress ${index}`,
        description: 'Light linen for hot days',
        price: `${450 + index}.50`,
        avaliableItems: '100',
        category: categoryIds[index % 2]!,
      },
      { defaultImage: await makeImage(80 + index, 60), subImages: await makeImage(50, 50 + index, 'jpeg') },
    );
    expect(res.statusCode, res.body).toBe(201);
    productIds.push(res.json<{ product: { id: string } }>().product.id);
  }
  const shoppers = await Promise.all([0, 1, 2, 3].map(() => createUser(t)));
  for (const [index, shopper] of shoppers.entries()) {
    await placeTestOrder(t, shopper, [[productIds[index % 3]!, 1 + index]], index % 2 ? 'instapay' : 'cash');
    const rated = await t.app.inject({
      method: 'PATCH',
      url: `/api/product/${productIds[index % 3]!}/rate`,
      headers: shopper.headers,
      payload: { rating: 1 + index },
    });
    expect(rated.statusCode, rated.body).toBe(200);
  }
  // An order sent with an idempotency key (a retried checkout finds it), and a password reset asked for.
  const retrying = shoppers[0]!;
  const added = await t.app.inject({
    method: 'POST',
    url: '/api/cart',
    headers: retrying.headers,
    payload: { productId: productIds[1]!, quantity: 1 },
  });
  expect(added.statusCode, added.body).toBe(200);
  const form = multipartBody({ ...gizaShipping, paymentType: 'cash' });
  const ordered = await t.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: { ...retrying.headers, ...form.headers, [IDEMPOTENCY_HEADER]: randomUUID() },
    payload: form.payload,
  });
  expect(ordered.statusCode, ordered.body).toBe(201);
  const reset = await t.app.inject({
    method: 'POST',
    url: '/api/auth/forgot',
    payload: { email: retrying.email },
  });
  expect(reset.statusCode, reset.body).toBe(200);
  // A dress in sizes (issue 13), 50 of each so it too starts with 100 pieces: its variants, a cart line
  // and an order line of one size, and an order confirmed with a note (a second history entry).
  const sized = await sendForm(
    t,
    admin,
    'POST',
    '/api/product',
    {
      name: 'Layla Dress',
      description: 'Cotton, in two sizes',
      price: '620',
      avaliableItems: '0',
      category: categoryIds[0]!,
      options: JSON.stringify([{ name: 'Size', values: ['S', 'M'] }]),
      variants: JSON.stringify([
        { sku: 'LAYLA-S', options: { Size: 'S' }, avaliableItems: 50 },
        { sku: 'LAYLA-M', options: { Size: 'M' }, avaliableItems: 50, price: 640 },
      ]),
    },
    { defaultImage: await makeImage(70, 90) },
  );
  expect(sized.statusCode, sized.body).toBe(201);
  const layla = sized.json<{ product: { id: string; variants: Array<{ id: string }> } }>().product;
  const sizedBuyer = shoppers[1]!;
  const addedSize = await t.app.inject({
    method: 'POST',
    url: '/api/cart',
    headers: sizedBuyer.headers,
    payload: { productId: layla.id, variantId: layla.variants[1]!.id, quantity: 2 },
  });
  expect(addedSize.statusCode, addedSize.body).toBe(200);
  const sizedForm = multipartBody({ ...gizaShipping, paymentType: 'cash' });
  const sizedOrder = await t.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: { ...sizedBuyer.headers, ...sizedForm.headers },
    payload: sizedForm.payload,
  });
  expect(sizedOrder.statusCode, sizedOrder.body).toBe(201);
  // The shop confirms it with a note: a second entry in the order's history.
  const confirmed = await t.app.inject({
    method: 'PATCH',
    url: `/api/order/${sizedOrder.json<{ order: { _id: string } }>().order._id}/status`,
    headers: admin.headers,
    payload: { status: 'confirmed', note: 'Ships Thursday' },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const keptSize = await t.app.inject({
    method: 'POST',
    url: '/api/cart',
    headers: sizedBuyer.headers,
    payload: { productId: layla.id, variantId: layla.variants[0]!.id, quantity: 1 },
  });
  expect(keptSize.statusCode, keptSize.body).toBe(200);
  await shipSome(t, admin, shoppers[1]!, productIds);
  // Carts left full, as shoppers leave them.
  for (const shopper of shoppers.slice(0, 2)) {
    const kept = await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: shopper.headers,
      payload: { productId: productIds[2]!, quantity: 2 },
    });
    expect(kept.statusCode, kept.body).toBe(200);
  }
  return { admin, shoppers, productIds };
}

/**
 * The road after the sale (issue 36): an order shipped by hand, delivered and its cash paid out, and
 * one sent to the shop's Bosta (a job), which Bosta then reports delivered (a courier event).
 */
async function shipSome(t: TestApp, admin: TestUser, shopper: TestUser, productIds: string[]) {
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });
  const confirm = async (orderId: string) => {
    const confirmed = await call('POST', `/api/order/${orderId}/contacts`, {
      channel: 'phone',
      outcome: 'confirmed',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  };
  // Cash orders are confirmed with the customer before they ship (issue 37): the archive keeps the call.
  const byHand = await placeTestOrder(t, shopper, [[productIds[0]!, 1]]);
  await confirm(byHand.id);
  for (const state of ['shipped', 'delivered']) {
    const moved = await call('POST', `/api/order/${byHand.id}/delivery`, { state, trackingNumber: 'HAND-1' });
    expect(moved.statusCode, moved.body).toBe(200);
  }
  const payout = await call('POST', '/api/couriers/payouts', { courier: 'manual', orderIds: [byHand.id] });
  expect(payout.statusCode, payout.body).toBe(200);

  const withBosta = await placeTestOrder(t, shopper, [[productIds[1]!, 1]]);
  await confirm(withBosta.id);
  const sent = await call('POST', '/api/couriers/bosta/shipments', { orderIds: [withBosta.id] });
  expect(sent.statusCode, sent.body).toBe(200);
  const tracking = await eventually(
    'Bosta takes the order',
    async () =>
      (await call('GET', `/api/order/${withBosta.id}`)).json<{ results: OrderDto }>().results.shipment
        ?.trackingNumber ?? null,
    (number) => number !== null,
  );
  const event = await t.app.inject({
    method: 'POST',
    url: '/api/couriers/bosta/webhook',
    headers: { 'content-type': 'application/json', authorization: t.config.BOSTA_WEBHOOK_SECRET! },
    payload: JSON.stringify({
      trackingNumber: tracking,
      state: 45,
      type: 'SEND',
      cod: 0,
      timeStamp: Date.now(),
    }),
  });
  expect(event.json().message).toBe('applied');

  // The customer's record (issue 37): the owner's note on her number, and WhatsApp's word on a message.
  const noted = await t.app.inject({
    method: 'PATCH',
    url: `/api/customers/${gizaShipping.phone}`,
    headers: admin.headers,
    payload: { note: 'Prefers a call after 6 pm' },
  });
  expect(noted.statusCode, noted.body).toBe(200);
  const appSecret = t.config.WHATSAPP_APP_SECRET;
  if (appSecret) {
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '102290129340398',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: {
                  display_phone_number: '201000000000',
                  phone_number_id: t.config.WHATSAPP_PHONE_NUMBER_ID,
                },
                statuses: [
                  {
                    id: `wamid.backup-${randomUUID()}`,
                    status: 'delivered',
                    timestamp: String(Math.floor(Date.now() / 1000)),
                    recipient_id: '201012345678',
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    const status = await t.app.inject({
      method: 'POST',
      url: '/api/whatsapp/webhook',
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`,
      },
      payload: body,
    });
    expect(status.statusCode, status.body).toBe(200);
  }
}

/**
 * Every row of every table as PostgreSQL writes it in JSON (times in UTC), sorted: the columns a backup
 * holds, so it compares with an archive's rows (generated columns follow from them).
 */
export async function everyRow(db: DbOrTx): Promise<Record<string, string[]>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local time zone 'UTC'`);
    const rows: Record<string, string[]> = {};
    for (const table of await tablesInForeignKeyOrder(tx)) {
      const lines = await rowsOf<{ line: string }>(
        tx,
        sql`select row_to_json(t)::text as line from (select ${sql.join(
          table.columns.map((column) => sql.identifier(column)),
          sql`, `,
        )} from ${sql.identifier(table.name)}) t`,
      );
      rows[table.name] = lines.map((row) => row.line).sort();
    }
    return rows;
  });
}

/** Every object of the store, with its bytes' SHA-256. */
export async function everyFile(store: ObjectStore): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for await (const { key } of store.list('')) {
    const object = await store.get(key);
    if (!object) continue;
    const hash = createHash('sha256');
    for await (const chunk of object.body) hash.update(chunk as Buffer);
    files[key] = hash.digest('hex');
  }
  return files;
}

/**
 * An order and the stock it took are in a copy together or not at all: every product's sold count is
 * the sum of its order lines, and nothing was sold that was not taken from its stock.
 */
export async function expectStockMatchesOrders(db: DbOrTx, stockEach: number): Promise<void> {
  const mismatched = await rowsOf<{ id: string }>(
    db,
    sql`select p.id from products p left join (
          select product_id, sum(quantity)::int as sold from order_lines group by product_id
        ) l on l.product_id = p.id
        where p.sold_items <> coalesce(l.sold, 0) or p.available_items + p.sold_items <> ${stockEach}`,
  );
  expect(mismatched).toEqual([]);
}

/** Each entry of a .tar.gz archive with its bytes. */
export async function archiveEntries(path: string): Promise<Map<string, Buffer>> {
  const entries = new Map<string, Buffer>();
  const extract = createExtract();
  const feeding = pipeline(createReadStream(path), createGunzip(), extract as unknown as Writable);
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    entries.set(entry.header.name, Buffer.concat(chunks));
  }
  await feeding;
  return entries;
}

/** The archive's rows per table, sorted, as everyRow gives a database's. */
export async function archiveRows(path: string, manifest: Manifest): Promise<Record<string, string[]>> {
  const entries = await archiveEntries(path);
  return Object.fromEntries(
    manifest.tables.map((table) => [
      table.name,
      table.parts.flatMap((part) => entries.get(part)!.toString('utf8').split('\n').filter(Boolean)).sort(),
    ]),
  );
}

/** A copy of an archive with entries changed by `change` (answer the bytes to keep them). */
export async function rewriteArchive(
  from: string,
  to: string,
  change: (name: string, bytes: Buffer) => Buffer,
): Promise<void> {
  const pack = createPack();
  const writing = pipeline(pack as unknown as Readable, createGzip(), createWriteStream(to));
  for (const [name, bytes] of await archiveEntries(from)) pack.entry({ name }, change(name, bytes));
  pack.finalize();
  await writing;
}
