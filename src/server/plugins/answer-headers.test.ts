import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDto } from '@/shared/schemas/order';
import type { ProductDto } from '@/shared/schemas/product';
import { storePaymentProof } from '../images/pipeline';
import { insertTestProduct } from '../stock/test-products';
import { createTestApp, type TestApp } from '../test/app';
import { makeImage } from '../test/images';
import { multipartBody } from '../test/multipart';
import { gizaShipping } from '../test/shipping';
import { createUser, type TestUser } from '../test/users';
import { CORS_ALLOWED_HEADERS } from './cross-origin';

describe('private answers', () => {
  let t: TestApp;
  let user: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    user = await createUser(t);
    admin = await createUser(t, { role: 'admin' });
  });
  afterAll(() => t.close());

  it('carry Cache-Control: no-store, errors included', async () => {
    const proofKey = await storePaymentProof(t.store, await makeImage(20, 20, 'png'));
    const calls: Array<{ method: 'GET' | 'POST' | 'PUT'; url: string; headers?: Record<string, string> }> = [
      { method: 'GET', url: '/api/cart', headers: user.headers },
      { method: 'PUT', url: '/api/cart/clear', headers: user.headers },
      { method: 'GET', url: '/api/cart' },
      { method: 'GET', url: '/api/order/user/orders', headers: user.headers },
      { method: 'GET', url: '/api/order', headers: admin.headers },
      { method: 'GET', url: '/api/order/00000000-0000-4000-8000-000000000000', headers: user.headers },
      { method: 'POST', url: '/api/auth/signin' },
      { method: 'GET', url: '/api/dashboard/stats', headers: admin.headers },
      { method: 'GET', url: t.signer.sign(proofKey, 60) },
      // An admin's list of products and categories is asked with the admin's token.
      { method: 'GET', url: '/api/product?page=1&limit=10', headers: admin.headers },
      { method: 'GET', url: '/api/category?page=1&limit=10', headers: admin.headers },
    ];
    for (const call of calls) {
      const res = await t.app.inject(call);
      expect(res.headers['cache-control'], `${call.method} ${call.url} (${res.statusCode})`).toBe('no-store');
    }
  });

  it('leave the public catalogue cacheable', async () => {
    for (const url of ['/api/product?page=1', '/api/category', '/api/health']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control'], url).not.toBe('no-store');
    }
  });
});

describe('clients on another origin', () => {
  const shopFront = 'https://front.example';

  describe('with CORS_ORIGINS and PUBLIC_URL set', () => {
    let t: TestApp;
    let product: ProductDto;
    beforeAll(async () => {
      t = await createTestApp({
        CORS_ORIGINS: `${shopFront}, https://admin.example:8443`,
        PUBLIC_URL: 'https://shop.example/',
      });
      const row = await insertTestProduct(t, { image: { key: 'products/abc.webp', widths: [320, 640] } });
      product = (await t.app.inject({ method: 'GET', url: `/api/product/${row.id}` })).json<{
        product: ProductDto;
      }>().product;
    });
    afterAll(() => t.close());

    it('answers a preflight from a listed origin with 204, the methods and the headers a client sends', async () => {
      const res = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/cart',
        headers: {
          origin: shopFront,
          'access-control-request-method': 'PATCH',
          'access-control-request-headers': 'token, content-type, idempotency-key',
        },
      });
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe(shopFront);
      const methods = String(res.headers['access-control-allow-methods']);
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) expect(methods).toContain(method);
      const headers = String(res.headers['access-control-allow-headers']).toLowerCase();
      for (const header of ['token', 'authorization', 'content-type', 'idempotency-key']) {
        expect(headers).toContain(header);
      }
      expect(CORS_ALLOWED_HEADERS).toContain('Idempotency-Key');
    });

    it('lets a listed origin read answers and their request id', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/product?limit=1',
        headers: { origin: 'https://admin.example:8443' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe('https://admin.example:8443');
      expect(String(res.headers['access-control-expose-headers'])).toContain('X-Request-Id');
    });

    it('gives any other origin no CORS header at all', async () => {
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/cart',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
      });
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
      expect(preflight.statusCode).toBe(404);
      expect(preflight.json()).toMatchObject({ success: false });
      const get = await t.app.inject({
        method: 'GET',
        url: '/api/product',
        headers: { origin: 'https://front.example.evil.example' },
      });
      expect(get.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('answers every image URL absolute on PUBLIC_URL, allowed by the content security policy', async () => {
      expect(product.defaultImage.url).toBe('https://shop.example/uploads/products/abc.webp');
      expect(product.defaultImage.srcset).toContain(
        'https://shop.example/uploads/products/abc-320.webp 320w',
      );
      expect(product.images[0]?.url).toBe('https://shop.example/uploads/products/abc.webp');
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(String(res.headers['content-security-policy'])).toContain('https://shop.example');
    });

    it('answers payment-proof links absolute on PUBLIC_URL too', async () => {
      const user = await createUser(t);
      const row = await insertTestProduct(t);
      const added = await t.app.inject({
        method: 'POST',
        url: '/api/cart',
        headers: user.headers,
        payload: { productId: row.id, quantity: 1 },
      });
      const body = multipartBody(
        {
          cartId: added.json<{ cart: { id: string } }>().cart.id,
          ...gizaShipping,
          paymentType: 'instapay',
        },
        { paymentImage: await makeImage(40, 30, 'png') },
      );
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/order',
        headers: { ...user.headers, ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(201);
      const link = res.json<{ order: OrderDto }>().order.paymentImage?.url ?? '';
      expect(link).toMatch(
        /^https:\/\/shop\.example\/api\/files\/private\/proofs\/[0-9a-f]+\.webp\?expires=/,
      );
      const proof = await t.app.inject({ method: 'GET', url: link.slice('https://shop.example'.length) });
      expect(proof.statusCode).toBe(200);
    });
  });

  describe('by default', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it('answers no preflight and sends no CORS header', async () => {
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/product',
        headers: { origin: shopFront, 'access-control-request-method': 'GET' },
      });
      expect(preflight.statusCode).toBe(404);
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      const get = await t.app.inject({ method: 'GET', url: '/api/product', headers: { origin: shopFront } });
      expect(get.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('keeps image URLs relative and lets any origin show a public image', async () => {
      const row = await insertTestProduct(t, { image: { key: 'products/def.webp', widths: [] } });
      const product = (await t.app.inject({ method: 'GET', url: `/api/product/${row.id}` })).json<{
        product: ProductDto;
      }>().product;
      expect(product.defaultImage.url).toBe('/uploads/products/def.webp');
      await t.store.put('products/def.webp', await makeImage(10, 10, 'webp'), 'image/webp');
      const image = await t.app.inject({ method: 'GET', url: '/uploads/products/def.webp' });
      expect(image.statusCode).toBe(200);
      expect(image.headers['cross-origin-resource-policy']).toBe('cross-origin');
      const api = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(api.headers['cross-origin-resource-policy']).toBe('same-origin');
    });
  });
});
