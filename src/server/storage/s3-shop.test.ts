import sharp from 'sharp';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartDto } from '@/shared/schemas/cart';
import type { CategoryDto } from '@/shared/schemas/category';
import type { OrderDto } from '@/shared/schemas/order';
import type { ImageDto, ProductDto } from '@/shared/schemas/product';
import { sendForm } from '../admin/test-support';
import { createUrlSigner, FILES_PATH } from '../files/signing';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../test/app';
import { createCategory } from '../test/catalog-fixtures';
import { makeImage } from '../test/images';
import { multipartBody } from '../test/multipart';
import { startS3rver, type RunningS3rver } from '../test/s3rver';
import { gizaShipping } from '../test/shipping';
import { createUser, type TestUser } from '../test/users';

/**
 * The whole shop with its images in an S3 bucket (S3_* variables pointing at s3rver): what the admin
 * uploads is in the bucket and served from its public address, what is replaced or deleted leaves it,
 * and payment proofs are reached only through the shop's signed links.
 */
describe('the shop on S3 storage (s3rver)', () => {
  let s3: RunningS3rver;
  let t: TestApp;
  let admin: TestUser;
  let shopper: TestUser;
  let widePhoto: Buffer;
  let photo: Buffer;

  beforeAll(async () => {
    s3 = await startS3rver();
    t = await createTestApp(s3.env);
    admin = await createUser(t, { role: 'admin' });
    shopper = await createUser(t);
    widePhoto = await makeImage(1200, 900, 'jpeg', '#336699');
    photo = await makeImage(400, 300);
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  const bucketAddress = () => `${s3.endpoint}/${s3.bucket}/`;

  /** Every address an image answer names (its srcset's and its own), with the width each claims. */
  function addressesOf(image: ImageDto): Array<{ url: string; width?: number }> {
    const inSrcset = (image.srcset ?? '')
      .split(',')
      .filter(Boolean)
      .map((entry) => {
        const [url = '', descriptor = ''] = entry.trim().split(/\s+/);
        return { url, width: Number(descriptor.replace(/w$/, '')) };
      });
    return inSrcset.some((entry) => entry.url === image.url) ? inSrcset : [...inSrcset, { url: image.url }];
  }

  function keyOf(url: string): string {
    expect(url.startsWith(bucketAddress())).toBe(true);
    return url.slice(bucketAddress().length);
  }

  /** Each address loads, as anyone loads it, a WebP picture of the width the answer claims. */
  async function expectServed(image: ImageDto) {
    const addresses = addressesOf(image);
    expect(addresses.length).toBeGreaterThan(0);
    for (const { url, width } of addresses) {
      const answer = await fetch(url);
      expect(answer.status, url).toBe(200);
      expect(answer.headers.get('content-type')).toBe('image/webp');
      const picture = await sharp(Buffer.from(await answer.arrayBuffer())).metadata();
      expect(picture.format).toBe('webp');
      if (width !== undefined) expect(picture.width).toBe(width);
    }
  }

  /** Not one of the image's objects is left in the bucket, and none of its addresses loads. */
  async function expectGone(image: ImageDto) {
    for (const { url } of addressesOf(image)) {
      expect(await s3.holds(keyOf(url)), url).toBe(false);
      expect((await fetch(url)).status, url).toBe(404);
    }
  }

  describe('product images', () => {
    let category: { id: string };
    beforeAll(async () => {
      category = await createCategory(t, { name: 'Women' });
    });

    async function createProduct(): Promise<ProductDto> {
      const res = await sendForm(
        t,
        admin,
        'POST',
        '/api/product',
        {
          name: 'Linen Dress',
          description: 'Light',
          price: '450',
          avaliableItems: '7',
          category: category.id,
        },
        { defaultImage: widePhoto, subImages: [photo, photo] },
      );
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ product: ProductDto }>().product;
    }

    it('are stored in the bucket, answered with its addresses, and served from it in every size', async () => {
      const product = await createProduct();
      expect(product.defaultImage.url.startsWith(bucketAddress())).toBe(true);
      expect(product.defaultImage.srcset).toContain('320w');
      expect(product.defaultImage.srcset).toContain('1200w');
      for (const image of product.images) await expectServed(image);

      const read = await t.app.inject({ method: 'GET', url: `/api/product/${product.id}` });
      expect(read.json<{ product: ProductDto }>().product.images).toEqual(product.images);
    });

    it('replaced or removed, leave the bucket; the rest stay served', async () => {
      const product = await createProduct();
      const [firstSub, secondSub] = product.subImages;
      const res = await sendForm(
        t,
        admin,
        'PATCH',
        `/api/product/${product.id}`,
        { removeSubImages: [firstSub!.url] },
        { defaultImage: photo },
      );
      expect(res.statusCode, res.body).toBe(200);
      const updated = res.json<{ product: ProductDto }>().product;
      expect(updated.defaultImage.url).not.toBe(product.defaultImage.url);
      await expectServed(updated.defaultImage);
      await expectGone(product.defaultImage);
      await expectGone(firstSub!);
      expect(updated.subImages).toEqual([secondSub]);
      await expectServed(secondSub!);
    });

    it('deleted with their product, except the picture a past order still shows', async () => {
      const product = await createProduct();
      const order = await placeOrder(product.id);
      const [line] = order.products;
      expect(line?.product.defaultImage).toEqual(product.defaultImage);

      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/product/${product.id}`,
        headers: admin.headers,
      });
      expect(res.statusCode).toBe(200);
      for (const image of product.subImages) await expectGone(image);
      await expectServed(product.defaultImage);
    });
  });

  describe('category images', () => {
    it('are stored and served, and leave the bucket when replaced or deleted', async () => {
      const created = await sendForm(
        t,
        admin,
        'POST',
        '/api/category',
        { name: 'Scarves' },
        { category: widePhoto },
      );
      expect(created.statusCode, created.body).toBe(201);
      const category = created.json<{ category: CategoryDto }>().category;
      expect(category.image?.srcset).toContain('320w');
      await expectServed(category.image!);

      const replaced = await sendForm(
        t,
        admin,
        'PATCH',
        `/api/category/${category.id}`,
        {},
        { image: photo },
      );
      expect(replaced.statusCode, replaced.body).toBe(200);
      const updated = replaced.json<{ category: CategoryDto }>().category;
      await expectServed(updated.image!);
      await expectGone(category.image!);

      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/api/category/${category.id}`,
        headers: admin.headers,
      });
      expect(deleted.statusCode).toBe(200);
      await expectGone(updated.image!);
    });
  });

  /** An InstaPay order by `shopper` of one `productId`, with a payment proof; answers the order. */
  async function placeOrder(productId: string): Promise<OrderDto> {
    const cart = await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: shopper.headers,
      payload: { productId, quantity: 1 },
    });
    expect(cart.statusCode, cart.body).toBe(200);
    const form = multipartBody(
      { cartId: cart.json<{ cart: CartDto }>().cart.id, ...gizaShipping, paymentType: 'instapay' },
      {
        paymentImage: {
          content: await makeImage(60, 40, 'jpeg'),
          filename: 'proof.jpg',
          contentType: 'image/jpeg',
        },
      },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { ...shopper.headers, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ order: OrderDto }>().order;
  }

  describe('payment proofs', () => {
    let proofUrl: string;
    let proofKey: string;
    beforeAll(async () => {
      const category = await createCategory(t, { name: 'Bags' });
      const product = await sendForm(
        t,
        admin,
        'POST',
        '/api/product',
        { name: 'Tote', description: 'Canvas', price: '200', avaliableItems: '5', category: category.id },
        { defaultImage: photo },
      );
      const order = await placeOrder(product.json<{ product: ProductDto }>().product.id);
      proofUrl = order.paymentImage?.url ?? '';
      proofKey = new URL(proofUrl, 'http://shop.test').pathname.slice(FILES_PATH.length);
    });

    it('are kept in the bucket under private/ and answered only as the shop’s signed link', async () => {
      expect(proofUrl).toMatch(/^\/api\/files\/private\/proofs\/[0-9a-f]+\.webp\?expires=\d+&signature=/);
      expect(proofUrl).not.toContain(s3.endpoint);
      expect(proofKey).toMatch(/^private\/proofs\//);
      expect(await s3.holds(proofKey)).toBe(true);
      const kept = await fetch(`${bucketAddress()}${proofKey}`, { method: 'HEAD' });
      expect(kept.headers.get('cache-control')).toBe('private, no-store');
    });

    it('are served through the signed link, the bucket’s own bytes, without a token', async () => {
      const answer = await t.app.inject({ method: 'GET', url: proofUrl });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('image/webp');
      expect(answer.headers['cache-control']).toBe('no-store');
      const inBucket = await t.store.get(proofKey);
      expect(answer.rawPayload.equals(await buffer(inBucket!.body))).toBe(true);
      expect((await sharp(answer.rawPayload).metadata()).width).toBe(60);
    });

    it('refuse a tampered, an expired or an unsigned link with 403', async () => {
      const url = new URL(proofUrl, 'http://shop.test');
      const signature = url.searchParams.get('signature')!;
      const tampered = new URL(url);
      tampered.searchParams.set('signature', `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`);
      const longer = new URL(url);
      longer.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
      // Signed with the shop's own secret, two hours ago, for a minute.
      const expired = createUrlSigner(TEST_JWT_SECRET, () => Date.now() - 2 * 60 * 60 * 1000).sign(
        proofKey,
        60,
      );
      for (const link of [
        `${tampered.pathname}${tampered.search}`,
        `${longer.pathname}${longer.search}`,
        expired,
        url.pathname,
      ]) {
        const answer = await t.app.inject({ method: 'GET', url: link });
        expect(answer.statusCode, link).toBe(403);
        expect(answer.json()).toMatchObject({ success: false });
      }
    });
  });
});
