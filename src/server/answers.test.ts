import { createHmac, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { IDEMPOTENCY_HEADER } from '@/shared/constants';
import { ProductListAnswerSchema } from '@/shared/schemas/product';
import { outbox, type CategoryRow, type ProductRow } from './db/schema';
import { createTestApp, testDriver, type TestApp } from './test/app';
import { createCategory, createProduct, createVariants } from './test/catalog-fixtures';
import { makeImage } from './test/images';
import { multipartBody } from './test/multipart';
import { gizaShipping } from './test/shipping';
import { strictly } from './test/strict-schema';
import { createUser, type TestUser } from './test/users';
import { eventually } from './test/eventually';
import { startFakeBosta, type FakeBosta } from './test/fakes/bosta';
import { startFakeWhatsApp, type FakeWhatsApp } from './test/fakes/whatsapp';

const BOSTA_SECRET = 'answers-webhook-secret-0123456789';
const WHATSAPP_VERIFY_TOKEN = 'answers-verify-token-0123456789';

// Every route called for real, on its happy path and at least one failure, and each answer read with a
// strict copy of the schema the route declares: a key the server sends but the schema does not declare
// fails here, as does any difference between what a handler answered and what the serializer wrote.

/** What a route was asked and what its handler answered, seen from inside the app. */
interface Watched {
  /** The OpenAPI form of the route, e.g. `GET /api/product/{idOrSlug}`. */
  operation: string;
  response: Record<string, unknown> | undefined;
  /** The handler's (or the error handler's) answer before serialization; undefined for a stream. */
  payload?: unknown;
}

function operationOf(method: string, url: string): string {
  return `${method} ${url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}')}`;
}

/** Records every request's route, declared answers and payload, as each answer is sent. */
function watch(app: FastifyInstance, seen: Watched[]): void {
  const payloads = new WeakMap<object, unknown>();
  app.addHook('preSerialization', async (request, _reply, payload) => {
    payloads.set(request, payload);
    return payload;
  });
  // onSend runs for every answer, even one refused by a feature's own onRequest guard before ours.
  app.addHook('onSend', async (request, _reply, payload) => {
    seen.push({
      operation: operationOf(request.method, request.routeOptions.url ?? ''),
      response: request.routeOptions.schema?.response as Record<string, unknown> | undefined,
      payload: payloads.get(request),
    });
    return payload;
  });
}

/** The schema a route declares for `status` and `contentType`: the status itself, else its `4xx`-style range. */
function declaredSchema(
  response: Record<string, unknown> | undefined,
  status: number,
  contentType: string,
): z.ZodType | undefined {
  const declared = response?.[String(status)] ?? response?.[`${String(status)[0]}xx`];
  if (declared instanceof z.ZodType) return declared;
  const content = (declared as { content?: Record<string, { schema: unknown }> } | undefined)?.content;
  const match = Object.entries(content ?? {}).find(([type]) => contentType.startsWith(type));
  return match?.[1].schema instanceof z.ZodType ? match[1].schema : undefined;
}

function issuesOf(schema: z.ZodType, value: unknown): string[] {
  const parsed = strictly(schema).safeParse(value);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe(`every route answers exactly what it declares (${testDriver})`, () => {
  let t: TestApp;
  let bosta: FakeBosta;
  let meta: FakeWhatsApp;
  const seen: Watched[] = [];
  /** Operation → the kinds of answer checked for it in the current test. */
  let checked = new Map<string, Set<'success' | 'failure'>>();
  let admin: TestUser;
  let shopper: TestUser;
  let category: CategoryRow;
  let product: ProductRow;
  let image: Buffer;

  /**
   * Sends one request and checks its answer: the expected status, a schema declared for it, the body
   * valid under that schema made strict, and the body exactly what the handler answered.
   */
  async function call(app: FastifyInstance, options: InjectOptions, status: number) {
    seen.length = 0;
    const res = await app.inject(options);
    expect(res.statusCode, res.body.slice(0, 500)).toBe(status);
    const watched = seen.at(-1);
    if (!watched) throw new Error(`${options.method} ${options.url} reached no route`);
    const contentType = String(res.headers['content-type'] ?? '');
    const schema = declaredSchema(watched.response, status, contentType);
    expect(schema, `${watched.operation} declares ${status} ${contentType}`).toBeDefined();
    if (contentType.startsWith('application/json')) {
      const body: unknown = res.json();
      expect(issuesOf(schema!, body), `${watched.operation} ${status}`).toEqual([]);
      if (watched.payload !== undefined) {
        const answered: unknown = JSON.parse(JSON.stringify(watched.payload));
        expect(issuesOf(schema!, answered), `${watched.operation} ${status}, as answered`).toEqual([]);
        expect(body).toEqual(answered);
      }
    }
    const kinds = checked.get(watched.operation) ?? new Set();
    kinds.add(status < 400 ? 'success' : 'failure');
    checked.set(watched.operation, kinds);
    return res;
  }

  const as = (user: TestUser | undefined, options: InjectOptions): InjectOptions => ({
    ...options,
    headers: { ...options.headers, ...user?.headers },
  });

  async function addToCart(user: TestUser, productId: string, quantity = 1) {
    const res = await t.app.inject(
      as(user, { method: 'POST', url: '/api/cart', payload: { productId, quantity } }),
    );
    expect(res.statusCode, res.body).toBe(200);
  }

  /**
   * An order of one piece of the shared product; with a proof, paid by InstaPay. A cash order is
   * confirmed with the customer (issue 37) unless `awaiting`, so it may ship.
   */
  async function placeOrder(
    user: TestUser,
    proof?: Buffer,
    { awaiting = false } = {},
  ): Promise<{ id: string; paymentImage: { url: string } | null }> {
    await addToCart(user, product.id);
    const form = multipartBody(
      { ...gizaShipping, paymentType: proof ? 'instapay' : 'cash' },
      proof ? { paymentImage: proof } : {},
    );
    const res = await t.app.inject(as(user, { method: 'POST', url: '/api/order', ...form }));
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<{ order: { id: string; paymentImage: { url: string } | null } }>().order;
    if (!proof && !awaiting) {
      const confirmed = await t.app.inject(
        as(admin, {
          method: 'POST',
          url: `/api/order/${order.id}/contacts`,
          payload: { channel: 'phone', outcome: 'confirmed' },
        }),
      );
      expect(confirmed.statusCode, confirmed.body).toBe(200);
    }
    return order;
  }

  beforeAll(async () => {
    bosta = await startFakeBosta();
    meta = await startFakeWhatsApp({
      approvedTemplates: ['order_confirmation', 'order_status_update', 'order_shipped'],
    });
    t = await createTestApp(
      {
        BOSTA_API_KEY: bosta.apiKey,
        BOSTA_BASE_URL: bosta.url,
        BOSTA_WEBHOOK_SECRET: BOSTA_SECRET,
        WHATSAPP_TOKEN: meta.token,
        WHATSAPP_PHONE_NUMBER_ID: meta.phoneNumberId,
        WHATSAPP_APP_SECRET: meta.appSecret,
        WHATSAPP_VERIFY_TOKEN,
        WHATSAPP_API_URL: meta.url,
      },
      { beforeReady: (app) => watch(app, seen), jobs: { pollMs: 50 } },
    );
    image = await makeImage(16, 20);
    admin = await createUser(t, { role: 'admin' });
    shopper = await createUser(t);
    category = await createCategory(t, { name: `Answers ${randomUUID().slice(0, 8)}` });
    product = await createProduct(t, {
      category,
      availableItems: 50,
      defaultImage: { key: `products/${randomUUID()}.webp`, widths: [400, 800], width: 1200 },
      subImages: [{ key: `products/${randomUUID()}.webp`, widths: [] }],
    });
    // The optional and nullable parts of a product answer: no category, no picture at all.
    await createProduct(t, { category: null, defaultImage: null });
  });
  afterAll(async () => {
    await t?.close();
    await bosta?.close();
    await meta?.close();
  });

  /** An order sent to the fake Bosta, once Bosta has it. */
  async function sentToBosta(): Promise<{ id: string }> {
    const order = await placeOrder(await createUser(t));
    const sent = await t.app.inject(
      as(admin, { method: 'POST', url: '/api/couriers/bosta/shipments', payload: { orderIds: [order.id] } }),
    );
    expect(sent.statusCode, sent.body).toBe(200);
    await eventually(
      'Bosta takes the order',
      async () =>
        (await t.app.inject(as(admin, { method: 'GET', url: `/api/order/${order.id}` }))).json<{
          results: { shipment: { request: string } | null };
        }>().results.shipment?.request,
      (request) => request === 'created',
    );
    return order;
  }

  const scenarios: Record<string, () => Promise<void>> = {
    'GET /api/health': async () => {
      await call(t.app, { method: 'GET', url: '/api/health' }, 200);
      // A second app whose limit one request reaches: the 429 every route declares.
      const limited = await createTestApp(
        { RATE_LIMIT_PER_MINUTE: '1' },
        { beforeReady: (app) => watch(app, seen) },
      );
      try {
        await call(limited.app, { method: 'GET', url: '/api/health' }, 200);
        await call(limited.app, { method: 'GET', url: '/api/health' }, 429);
      } finally {
        await limited.close();
      }
    },

    'POST /api/auth/signup': async () => {
      const email = `answers-${randomUUID()}@example.com`;
      const payload = { name: 'Mona', email, password: 'Secret12', confirmPassword: 'Secret12' };
      await call(t.app, { method: 'POST', url: '/api/auth/signup', payload }, 201);
      await call(t.app, { method: 'POST', url: '/api/auth/signup', payload }, 409);
      await call(
        t.app,
        { method: 'POST', url: '/api/auth/signup', payload: { ...payload, email: 'nope' } },
        400,
      );
    },

    'POST /api/auth/signin': async () => {
      const email = `answers-${randomUUID()}@example.com`;
      const signup = { name: 'Omar', email, password: 'Secret12', confirmPassword: 'Secret12' };
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: signup })).statusCode,
      ).toBe(201);
      await call(
        t.app,
        { method: 'POST', url: '/api/auth/signin', payload: { email, password: 'Secret12' } },
        200,
      );
      await call(
        t.app,
        { method: 'POST', url: '/api/auth/signin', payload: { email, password: 'Wrong123' } },
        401,
      );
    },

    'POST /api/auth/forgot': async () => {
      const email = `answers-${randomUUID()}@example.com`;
      await call(t.app, { method: 'POST', url: '/api/auth/forgot', payload: { email } }, 200);
      await call(t.app, { method: 'POST', url: '/api/auth/forgot', payload: { email: 'nope' } }, 400);
    },

    'POST /api/auth/reset': async () => {
      const email = `answers-${randomUUID()}@example.com`;
      const signup = { name: 'Hoda', email, password: 'Secret12', confirmPassword: 'Secret12' };
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: signup })).statusCode,
      ).toBe(201);
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/auth/forgot', payload: { email } })).statusCode,
      ).toBe(200);
      const [mail] = await t.database.db.select().from(outbox).where(eq(outbox.recipient, email));
      const token = /reset-password\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
      expect(token).toBeDefined();
      const payload = { token, password: 'New12345', confirmPassword: 'New12345' };
      await call(t.app, { method: 'POST', url: '/api/auth/reset', payload }, 200);
      await call(t.app, { method: 'POST', url: '/api/auth/reset', payload }, 400);
    },

    'GET /api/product': async () => {
      await call(t.app, { method: 'GET', url: '/api/product?page=1' }, 200);
      await call(t.app, { method: 'GET', url: `/api/product?category=${category.slug}&limit=6` }, 200);
      await call(t.app, { method: 'GET', url: '/api/product' }, 200);
      await call(t.app, { method: 'GET', url: '/api/product?page=0' }, 400);
    },

    'GET /api/product/{idOrSlug}': async () => {
      await call(t.app, { method: 'GET', url: `/api/product/${product.id}` }, 200);
      // With variants and a size guide (issue 13), every new key declared.
      const sized = await createProduct(t, { category });
      await createVariants(t, sized, [{ name: 'Size', values: ['M'] }], [{ options: { Size: 'M' } }]);
      await call(t.app, { method: 'GET', url: `/api/product/${sized.id}` }, 200);
      await call(t.app, { method: 'GET', url: '/api/product?page=1&size=M' }, 200);
      await call(t.app, { method: 'GET', url: `/api/product/${product.slug}` }, 200);
      await call(t.app, { method: 'GET', url: '/api/product/no-such-product' }, 404);
    },

    'PATCH /api/product/{id}/rate': async () => {
      const url = `/api/product/${product.id}/rate`;
      await call(t.app, as(await createUser(t), { method: 'PATCH', url, payload: { rating: 4 } }), 200);
      await call(t.app, as(admin, { method: 'PATCH', url, payload: { rating: 4 } }), 403);
      await call(t.app, { method: 'PATCH', url, payload: { rating: 4 } }, 401);
      await call(t.app, as(shopper, { method: 'PATCH', url, payload: { rating: 9 } }), 400);
      await call(
        t.app,
        as(shopper, { method: 'PATCH', url: `/api/product/${randomUUID()}/rate`, payload: { rating: 2 } }),
        404,
      );
    },

    'POST /api/product': async () => {
      const fields = {
        name: 'Answer Dress',
        price: '250.5',
        discount: '10',
        avaliableItems: '4',
        category: category.id,
      };
      const form = multipartBody(fields, { defaultImage: image, subImages: [image] });
      await call(t.app, as(admin, { method: 'POST', url: '/api/product', ...form }), 201);
      await call(t.app, as(shopper, { method: 'POST', url: '/api/product', ...form }), 403);
      await call(t.app, as(admin, { method: 'POST', url: '/api/product', payload: fields }), 415);
      const nameless = multipartBody({ ...fields, name: '' }, { defaultImage: image });
      await call(t.app, as(admin, { method: 'POST', url: '/api/product', ...nameless }), 400);
    },

    'PATCH /api/product/{id}': async () => {
      const own = await createProduct(t, { category });
      const form = multipartBody({ price: '120', name: 'Renamed Answer' });
      await call(t.app, as(admin, { method: 'PATCH', url: `/api/product/${own.id}`, ...form }), 200);
      await call(t.app, as(admin, { method: 'PATCH', url: `/api/product/${randomUUID()}`, ...form }), 404);
      await call(t.app, as(admin, { method: 'PATCH', url: '/api/product/not-an-id', ...form }), 400);
    },

    'DELETE /api/product/{id}': async () => {
      const own = await createProduct(t, { category });
      await call(t.app, as(admin, { method: 'DELETE', url: `/api/product/${own.id}` }), 200);
      await call(t.app, as(admin, { method: 'DELETE', url: `/api/product/${own.id}` }), 404);
      await call(t.app, as(shopper, { method: 'DELETE', url: `/api/product/${product.id}` }), 403);
    },

    'GET /api/category': async () => {
      await call(t.app, { method: 'GET', url: '/api/category' }, 200);
      await call(t.app, { method: 'GET', url: '/api/category?page=1&limit=2&search=answers' }, 200);
      await call(t.app, { method: 'GET', url: '/api/category?limit=0' }, 400);
    },

    'GET /api/category/{idOrSlug}': async () => {
      await call(t.app, { method: 'GET', url: `/api/category/${category.slug}` }, 200);
      await call(t.app, { method: 'GET', url: `/api/category/${category.id}` }, 200);
      await call(t.app, { method: 'GET', url: '/api/category/no-such-category' }, 404);
    },

    'GET /api/category/{idOrSlug}/products': async () => {
      await call(t.app, { method: 'GET', url: `/api/category/${category.slug}/products?page=1` }, 200);
      await call(t.app, { method: 'GET', url: '/api/category/no-such-category/products' }, 404);
    },

    'POST /api/category': async () => {
      const name = `Belts ${randomUUID().slice(0, 8)}`;
      const form = () => multipartBody({ name }, { category: image });
      await call(t.app, as(admin, { method: 'POST', url: '/api/category', ...form() }), 201);
      await call(t.app, as(admin, { method: 'POST', url: '/api/category', ...form() }), 409);
      await call(t.app, { method: 'POST', url: '/api/category', ...form() }, 401);
    },

    'PATCH /api/category/{id}': async () => {
      const own = await createCategory(t);
      const form = multipartBody({ name: `Scarves ${randomUUID().slice(0, 8)}` });
      await call(t.app, as(admin, { method: 'PATCH', url: `/api/category/${own.id}`, ...form }), 200);
      await call(t.app, as(admin, { method: 'PATCH', url: `/api/category/${randomUUID()}`, ...form }), 404);
    },

    'DELETE /api/category/{id}': async () => {
      const empty = await createCategory(t);
      await call(t.app, as(admin, { method: 'DELETE', url: `/api/category/${empty.id}` }), 200);
      await call(t.app, as(admin, { method: 'DELETE', url: `/api/category/${category.id}` }), 409);
    },

    'GET /api/dashboard/stats': async () => {
      await call(t.app, as(admin, { method: 'GET', url: '/api/dashboard/stats' }), 200);
      await call(t.app, as(shopper, { method: 'GET', url: '/api/dashboard/stats' }), 403);
      await call(t.app, { method: 'GET', url: '/api/dashboard/stats' }, 401);
    },

    'GET /api/admin/backup': async () => {
      // The archive is a stream (declared as binary); a signed link works without a token.
      await call(t.app, as(admin, { method: 'GET', url: '/api/admin/backup' }), 200);
      const link = await t.app.inject(as(admin, { method: 'POST', url: '/api/admin/backup/link' }));
      await call(t.app, { method: 'GET', url: link.json<{ url: string }>().url }, 200);
      // Once: the same link again is gone.
      await call(t.app, { method: 'GET', url: link.json<{ url: string }>().url }, 410);
      await call(t.app, as(shopper, { method: 'GET', url: '/api/admin/backup' }), 403);
      await call(t.app, { method: 'GET', url: '/api/admin/backup' }, 401);
      await call(t.app, { method: 'GET', url: '/api/admin/backup?expires=1&signature=forged' }, 403);
    },

    'POST /api/admin/backup/link': async () => {
      await call(t.app, as(admin, { method: 'POST', url: '/api/admin/backup/link' }), 200);
      await call(t.app, as(shopper, { method: 'POST', url: '/api/admin/backup/link' }), 403);
      await call(t.app, { method: 'POST', url: '/api/admin/backup/link' }, 401);
    },

    'GET /api/dashboard/low-stock': async () => {
      await call(t.app, as(admin, { method: 'GET', url: '/api/dashboard/low-stock?threshold=20' }), 200);
      await call(t.app, as(admin, { method: 'GET', url: '/api/dashboard/low-stock?threshold=-1' }), 400);
      await call(t.app, as(shopper, { method: 'GET', url: '/api/dashboard/low-stock' }), 403);
    },

    'GET /api/auth/me': async () => {
      await call(t.app, as(shopper, { method: 'GET', url: '/api/auth/me' }), 200);
      await call(t.app, { method: 'GET', url: '/api/auth/me' }, 401);
    },

    'PATCH /api/auth/me': async () => {
      const user = await createUser(t);
      await call(t.app, as(user, { method: 'PATCH', url: '/api/auth/me', payload: { language: 'ar' } }), 200);
      await call(t.app, as(user, { method: 'PATCH', url: '/api/auth/me', payload: { language: 'fr' } }), 400);
      await call(t.app, { method: 'PATCH', url: '/api/auth/me', payload: { language: 'ar' } }, 401);
    },

    'GET /api/settings': async () => {
      await call(t.app, { method: 'GET', url: '/api/settings' }, 200);
      // Nothing a visitor sends can be wrong here: the failure is the 429 every route declares.
      const limited = await createTestApp(
        { RATE_LIMIT_PER_MINUTE: '1' },
        { beforeReady: (app) => watch(app, seen) },
      );
      try {
        await call(limited.app, { method: 'GET', url: '/api/settings' }, 200);
        await call(limited.app, { method: 'GET', url: '/api/settings' }, 429);
      } finally {
        await limited.close();
      }
    },

    'POST /api/category/{id}/move': async () => {
      const moved = await createCategory(t);
      const move = (direction: string) => ({
        method: 'POST' as const,
        url: `/api/category/${moved.id}/move`,
        payload: { direction },
      });
      await call(t.app, as(admin, move('up')), 200);
      await call(t.app, as(admin, move('sideways')), 400);
      await call(t.app, as(shopper, move('up')), 403);
    },

    'GET /api/settings/full': async () => {
      await call(t.app, as(admin, { method: 'GET', url: '/api/settings/full' }), 200);
      await call(t.app, as(shopper, { method: 'GET', url: '/api/settings/full' }), 403);
      await call(t.app, { method: 'GET', url: '/api/settings/full' }, 401);
    },

    'PATCH /api/settings': async () => {
      const patch = (payload: object) => ({ method: 'PATCH' as const, url: '/api/settings', payload });
      await call(t.app, as(admin, patch({ announcement: { en: 'Free delivery over 1,500 EGP' } })), 200);
      await call(t.app, as(admin, patch({ shopName: { en: '' } })), 400);
      await call(t.app, as(shopper, patch({ announcement: { en: 'x' } })), 403);
      await call(t.app, patch({ announcement: { en: 'x' } }), 401);
    },

    'POST /api/settings/policy-preview': async () => {
      const preview = (payload: object) => ({
        method: 'POST' as const,
        url: '/api/settings/policy-preview',
        payload,
      });
      await call(t.app, as(admin, preview({ markdown: '# Returns\n\nWithin **30 days**.' })), 200);
      await call(t.app, as(admin, preview({ markdown: 42 })), 400);
      await call(t.app, as(shopper, preview({ markdown: 'x' })), 403);
      await call(t.app, preview({ markdown: 'x' }), 401);
    },

    'PUT /api/settings/logo': async () => {
      const form = multipartBody({}, { logo: image });
      await call(t.app, as(admin, { method: 'PUT', url: '/api/settings/logo', ...form }), 200);
      const empty = multipartBody({ note: 'no file' });
      await call(t.app, as(admin, { method: 'PUT', url: '/api/settings/logo', ...empty }), 400);
      await call(t.app, as(shopper, { method: 'PUT', url: '/api/settings/logo', ...form }), 403);
    },

    'DELETE /api/settings/logo': async () => {
      await call(t.app, as(admin, { method: 'DELETE', url: '/api/settings/logo' }), 200);
      await call(t.app, as(shopper, { method: 'DELETE', url: '/api/settings/logo' }), 403);
      await call(t.app, { method: 'DELETE', url: '/api/settings/logo' }, 401);
    },

    'PUT /api/settings/hero-image': async () => {
      const url = '/api/settings/hero-image';
      const form = multipartBody({}, { heroImage: image });
      await call(t.app, as(admin, { method: 'PUT', url, ...form }), 200);
      const empty = multipartBody({ note: 'no file' });
      await call(t.app, as(admin, { method: 'PUT', url, ...empty }), 400);
      await call(t.app, as(shopper, { method: 'PUT', url, ...form }), 403);
      await call(t.app, { method: 'PUT', url, ...form }, 401);
    },

    'DELETE /api/settings/hero-image': async () => {
      const url = '/api/settings/hero-image';
      await call(t.app, as(admin, { method: 'DELETE', url }), 200);
      await call(t.app, as(shopper, { method: 'DELETE', url }), 403);
      await call(t.app, { method: 'DELETE', url }, 401);
    },

    'GET /api/pages/{page}': async () => {
      await call(t.app, { method: 'GET', url: '/api/pages/returns?lang=ar' }, 200);
      await call(t.app, { method: 'GET', url: '/api/pages/nowhere' }, 400);
    },

    'POST /api/cart/create': async () => {
      await call(t.app, as(await createUser(t), { method: 'POST', url: '/api/cart/create' }), 200);
      await call(t.app, as(admin, { method: 'POST', url: '/api/cart/create' }), 403);
    },

    'GET /api/cart': async () => {
      const user = await createUser(t);
      await addToCart(user, product.id, 2);
      await call(t.app, as(user, { method: 'GET', url: '/api/cart' }), 200);
      await call(t.app, { method: 'GET', url: '/api/cart' }, 401);
    },

    'POST /api/cart': async () => {
      const user = await createUser(t);
      const add = (payload: object) => as(user, { method: 'POST', url: '/api/cart', payload });
      await call(t.app, add({ productId: product.id, quantity: 1 }), 200);
      await call(t.app, add({ productId: product.id, quantity: 999 }), 409);
      const sized = await createProduct(t, { category });
      const [variant] = await createVariants(
        t,
        sized,
        [{ name: 'Size', values: ['M'] }],
        [{ options: { Size: 'M' } }],
      );
      await call(t.app, add({ productId: sized.id, variantId: variant!.id }), 200);
      // Without a variant (a SPEC §7 client): its size to confirm, held to the product's total.
      await call(t.app, add({ productId: sized.id }), 200);
      await call(t.app, add({ productId: sized.id, variantId: 'not-an-id' }), 400);
      await call(t.app, add({ productId: randomUUID() }), 404);
      await call(t.app, add({ productId: 'not-an-id' }), 400);
    },

    'PATCH /api/cart': async () => {
      const user = await createUser(t);
      await addToCart(user, product.id);
      const set = (productId: string) =>
        as(user, { method: 'PATCH', url: '/api/cart', payload: { productId, quantity: 2 } });
      await call(t.app, set(product.id), 200);
      await call(t.app, set(randomUUID()), 404);
    },

    'PATCH /api/cart/{productId}': async () => {
      const user = await createUser(t);
      await addToCart(user, product.id);
      await call(t.app, as(user, { method: 'PATCH', url: `/api/cart/${product.id}` }), 200);
      await call(t.app, as(user, { method: 'PATCH', url: `/api/cart/${product.id}` }), 404);
    },

    'PUT /api/cart/clear': async () => {
      const user = await createUser(t);
      await addToCart(user, product.id);
      await call(t.app, as(user, { method: 'PUT', url: '/api/cart/clear' }), 200);
      await call(t.app, { method: 'PUT', url: '/api/cart/clear' }, 401);
    },

    'POST /api/order': async () => {
      const user = await createUser(t);
      await addToCart(user, product.id);
      const cash = multipartBody({ ...gizaShipping, paymentType: 'cash' });
      const headers = { ...cash.headers, [IDEMPOTENCY_HEADER]: randomUUID() };
      await call(t.app, as(user, { method: 'POST', url: '/api/order', payload: cash.payload, headers }), 201);
      // The same key again answers the first order, exactly as the first time.
      await call(t.app, as(user, { method: 'POST', url: '/api/order', payload: cash.payload, headers }), 201);
      await addToCart(user, product.id);
      const proof = multipartBody(
        {
          address: '5 Nile Street, Cairo',
          name: 'Omar Khaled',
          phone: '01112345678',
          paymentType: 'instapay',
        },
        { paymentImage: image },
      );
      await call(t.app, as(user, { method: 'POST', url: '/api/order', ...proof }), 201);
      await addToCart(user, product.id);
      const noProof = multipartBody({ ...gizaShipping, paymentType: 'instapay' });
      await call(t.app, as(user, { method: 'POST', url: '/api/order', ...noProof }), 400);
      await call(t.app, as(admin, { method: 'POST', url: '/api/order', ...cash }), 403);
    },

    'GET /api/order': async () => {
      await placeOrder(await createUser(t), image);
      await call(t.app, as(admin, { method: 'GET', url: '/api/order?page=1&limit=5' }), 200);
      await call(
        t.app,
        as(admin, { method: 'GET', url: '/api/order?period=today&paymentType=instapay&proof=toCheck' }),
        200,
      );
      await call(t.app, as(shopper, { method: 'GET', url: '/api/order' }), 403);
      await call(t.app, as(admin, { method: 'GET', url: '/api/order?status=shipped' }), 400);
    },

    'GET /api/order/user/orders': async () => {
      const user = await createUser(t);
      await placeOrder(user);
      await call(t.app, as(user, { method: 'GET', url: '/api/order/user/orders' }), 200);
      await call(t.app, { method: 'GET', url: '/api/order/user/orders' }, 401);
    },

    'GET /api/order/{id}': async () => {
      const user = await createUser(t);
      const order = await placeOrder(user, image);
      await call(t.app, as(user, { method: 'GET', url: `/api/order/${order.id}` }), 200);
      await call(t.app, as(admin, { method: 'GET', url: `/api/order/${order.id}` }), 200);
      await call(t.app, as(shopper, { method: 'GET', url: `/api/order/${order.id}` }), 403);
      await call(t.app, as(admin, { method: 'GET', url: `/api/order/${randomUUID()}` }), 404);
    },

    'PATCH /api/order/{id}/status': async () => {
      const user = await createUser(t);
      const order = await placeOrder(user);
      const url = `/api/order/${order.id}/status`;
      await call(t.app, as(user, { method: 'PATCH', url, payload: { status: 'cancelled' } }), 200);
      await call(
        t.app,
        as(admin, { method: 'PATCH', url, payload: { status: 'confirmed', note: 'Paid' } }),
        200,
      );
      await call(t.app, as(shopper, { method: 'PATCH', url, payload: { status: 'cancelled' } }), 403);
      await call(t.app, as(admin, { method: 'PATCH', url, payload: { status: 'shipped' } }), 400);
    },

    'GET /api/delivery/quote': async () => {
      await addToCart(shopper, product.id);
      await call(t.app, as(shopper, { method: 'GET', url: '/api/delivery/quote?governorate=EG-ALX' }), 200);
      await call(
        t.app,
        { method: 'GET', url: '/api/delivery/quote?governorate=EG-C&paymentType=instapay' },
        200,
      );
      await call(t.app, { method: 'GET', url: '/api/delivery/quote?governorate=Cairo' }, 400);
      await t.app.inject(as(shopper, { method: 'PUT', url: '/api/cart/clear' }));
    },

    'POST /api/order/{id}/delivery': async () => {
      const order = await placeOrder(await createUser(t));
      const url = `/api/order/${order.id}/delivery`;
      const shipped = { state: 'shipped', trackingNumber: 'T-1', trackingUrl: 'https://t.example/T-1' };
      await call(t.app, as(admin, { method: 'POST', url, payload: shipped }), 200);
      await call(t.app, as(admin, { method: 'POST', url, payload: { state: 'shipped' } }), 409);
      await call(t.app, as(admin, { method: 'POST', url, payload: { state: 'delivered' } }), 200);
      await call(t.app, as(shopper, { method: 'POST', url, payload: { state: 'returned' } }), 403);
      await call(t.app, as(admin, { method: 'POST', url, payload: { state: 'lost' } }), 400);
      const missing = `/api/order/${randomUUID()}/delivery`;
      await call(t.app, as(admin, { method: 'POST', url: missing, payload: { state: 'shipped' } }), 404);
    },

    'POST /api/order/delivery': async () => {
      const order = await placeOrder(await createUser(t));
      const payload = { orderIds: [order.id, randomUUID()], state: 'shipped' };
      await call(t.app, as(admin, { method: 'POST', url: '/api/order/delivery', payload }), 200);
      await call(t.app, as(shopper, { method: 'POST', url: '/api/order/delivery', payload }), 403);
      await call(
        t.app,
        as(admin, {
          method: 'POST',
          url: '/api/order/delivery',
          payload: { orderIds: [], state: 'shipped' },
        }),
        400,
      );
    },

    'PATCH /api/order/{id}/payment': async () => {
      const order = await placeOrder(await createUser(t), image);
      const url = `/api/order/${order.id}/payment`;
      await call(t.app, as(admin, { method: 'PATCH', url, payload: { verified: true } }), 200);
      await call(t.app, as(admin, { method: 'PATCH', url, payload: { verified: false } }), 200);
      await call(t.app, as(shopper, { method: 'PATCH', url, payload: { verified: true } }), 403);
      await call(
        t.app,
        as(admin, {
          method: 'PATCH',
          url: `/api/order/${randomUUID()}/payment`,
          payload: { verified: true },
        }),
        404,
      );
    },

    'PATCH /api/order/{id}/lines/{lineId}/variant': async () => {
      const user = await createUser(t);
      const sized = await createProduct(t, { category });
      const [variant] = await createVariants(
        t,
        sized,
        [{ name: 'Size', values: ['M'] }],
        [{ options: { Size: 'M' } }],
      );
      await addToCart(user, sized.id);
      const form = multipartBody({ ...gizaShipping, paymentType: 'cash' });
      const placed = await t.app.inject(as(user, { method: 'POST', url: '/api/order', ...form }));
      const order = placed.json<{ order: { id: string; products: Array<{ _id: string }> } }>().order;
      const url = `/api/order/${order.id}/lines/${order.products[0]!._id}/variant`;
      const choose = (variantId: string) => ({ method: 'PATCH' as const, url, payload: { variantId } });
      await call(t.app, as(shopper, choose(variant!.id)), 403);
      await call(t.app, as(admin, choose('not-an-id')), 400);
      await call(t.app, as(admin, choose(variant!.id)), 200);
      // Confirmed with the customer, the order is as agreed: its lines no longer change.
      const confirmed = await t.app.inject(
        as(admin, {
          method: 'POST',
          url: `/api/order/${order.id}/contacts`,
          payload: { channel: 'phone', outcome: 'confirmed' },
        }),
      );
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      await call(t.app, as(admin, choose(variant!.id)), 409);
      await call(
        t.app,
        as(admin, { ...choose(variant!.id), url: `/api/order/${order.id}/lines/${randomUUID()}/variant` }),
        404,
      );
      await call(t.app, choose(variant!.id), 401);
    },

    'GET /api/order/export.csv': async () => {
      await placeOrder(await createUser(t), image);
      const res = await call(
        t.app,
        as(admin, { method: 'GET', url: '/api/order/export.csv?period=7d' }),
        200,
      );
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      await call(t.app, as(shopper, { method: 'GET', url: '/api/order/export.csv' }), 403);
      await call(t.app, as(admin, { method: 'GET', url: '/api/order/export.csv?from=soon' }), 400);
    },

    'GET /api/couriers': async () => {
      await call(t.app, as(admin, { method: 'GET', url: '/api/couriers' }), 200);
      await call(t.app, as(shopper, { method: 'GET', url: '/api/couriers' }), 403);
    },

    'GET /api/couriers/cash.csv': async () => {
      const res = await call(t.app, as(admin, { method: 'GET', url: '/api/couriers/cash.csv' }), 200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      await call(t.app, { method: 'GET', url: '/api/couriers/cash.csv' }, 401);
    },

    'POST /api/couriers/payouts': async () => {
      const order = await placeOrder(await createUser(t));
      const move = (state: string) =>
        t.app.inject(
          as(admin, { method: 'POST', url: `/api/order/${order.id}/delivery`, payload: { state } }),
        );
      await move('shipped');
      await move('delivered');
      const payload = {
        courier: 'manual',
        orderIds: [order.id],
        reference: 'Cash box',
        receivedAt: '2026-12-01',
      };
      await call(t.app, as(admin, { method: 'POST', url: '/api/couriers/payouts', payload }), 200);
      await call(t.app, as(admin, { method: 'POST', url: '/api/couriers/payouts', payload }), 409);
      await call(t.app, as(shopper, { method: 'POST', url: '/api/couriers/payouts', payload }), 403);
      await call(
        t.app,
        as(admin, { method: 'POST', url: '/api/couriers/payouts', payload: { ...payload, courier: 'dhl' } }),
        400,
      );
      await call(
        t.app,
        as(admin, {
          method: 'POST',
          url: '/api/couriers/payouts',
          payload: { ...payload, orderIds: [randomUUID()] },
        }),
        404,
      );
    },

    'POST /api/couriers/bosta/shipments': async () => {
      const order = await placeOrder(await createUser(t));
      const url = '/api/couriers/bosta/shipments';
      await call(t.app, as(admin, { method: 'POST', url, payload: { orderIds: [order.id] } }), 200);
      await call(t.app, as(shopper, { method: 'POST', url, payload: { orderIds: [randomUUID()] } }), 403);
      await call(t.app, as(admin, { method: 'POST', url, payload: { orderIds: [] } }), 400);
    },

    'DELETE /api/couriers/bosta/shipments/{orderId}': async () => {
      const order = await sentToBosta();
      const url = `/api/couriers/bosta/shipments/${order.id}`;
      await call(t.app, as(admin, { method: 'DELETE', url }), 200);
      await call(t.app, as(admin, { method: 'DELETE', url }), 409);
    },

    'GET /api/couriers/bosta/airway-bills': async () => {
      const order = await sentToBosta();
      const url = `/api/couriers/bosta/airway-bills?orderIds=${order.id}`;
      const res = await call(t.app, as(admin, { method: 'GET', url }), 200);
      expect(res.headers['content-type']).toBe('application/pdf');
      await call(t.app, as(admin, { method: 'GET', url: '/api/couriers/bosta/airway-bills?orderIds=' }), 400);
    },

    'POST /api/couriers/bosta/webhook': async () => {
      const url = '/api/couriers/bosta/webhook';
      const body = JSON.stringify({ trackingNumber: '999', state: 45, type: 'SEND', timeStamp: Date.now() });
      const headers = { 'content-type': 'application/json', authorization: BOSTA_SECRET };
      await call(t.app, { method: 'POST', url, headers, payload: body }, 200);
      await call(
        t.app,
        { method: 'POST', url, headers: { ...headers, authorization: 'forged' }, payload: body },
        401,
      );
      await call(t.app, { method: 'POST', url, headers, payload: '[]' }, 400);
    },

    'POST /api/order/{id}/contacts': async () => {
      const order = await placeOrder(await createUser(t), undefined, { awaiting: true });
      const url = `/api/order/${order.id}/contacts`;
      const log = (outcome: string, channel = 'phone') => ({
        method: 'POST' as const,
        url,
        payload: { channel, outcome },
      });
      await call(t.app, as(admin, log('noAnswer')), 200);
      await call(t.app, as(admin, log('noAnswer', 'sms')), 400);
      await call(t.app, as(shopper, log('confirmed')), 403);
      await call(t.app, log('confirmed'), 401);
      await call(t.app, as(admin, { ...log('confirmed'), url: `/api/order/${randomUUID()}/contacts` }), 404);
      await call(t.app, as(admin, log('cancelled', 'whatsapp')), 200);
      await call(t.app, as(admin, log('confirmed')), 409);
    },

    'PATCH /api/order/{id}/address': async () => {
      const order = await placeOrder(await createUser(t), undefined, { awaiting: true });
      const url = `/api/order/${order.id}/address`;
      const address = {
        street: 'Corniche Road',
        building: '4',
        floor: '2',
        apartment: '9',
        area: 'Smouha',
        governorate: 'EG-ALX',
      };
      await call(t.app, as(admin, { method: 'PATCH', url, payload: address }), 200);
      await call(t.app, as(admin, { method: 'PATCH', url, payload: { ...address, floor: 'x' } }), 400);
      await call(t.app, as(shopper, { method: 'PATCH', url, payload: address }), 403);
      const missing = `/api/order/${randomUUID()}/address`;
      await call(t.app, as(admin, { method: 'PATCH', url: missing, payload: address }), 404);
      const confirmed = await placeOrder(await createUser(t));
      const closed = `/api/order/${confirmed.id}/address`;
      await call(t.app, as(admin, { method: 'PATCH', url: closed, payload: address }), 409);
    },

    'GET /api/customers': async () => {
      await placeOrder(await createUser(t));
      await call(t.app, as(admin, { method: 'GET', url: '/api/customers?search=0101' }), 200);
      await call(t.app, as(admin, { method: 'GET', url: '/api/customers?page=0' }), 400);
      await call(t.app, as(shopper, { method: 'GET', url: '/api/customers' }), 403);
      await call(t.app, { method: 'GET', url: '/api/customers' }, 401);
    },

    'GET /api/customers/{phone}': async () => {
      await placeOrder(await createUser(t));
      await call(t.app, as(admin, { method: 'GET', url: `/api/customers/${gizaShipping.phone}` }), 200);
      await call(t.app, as(admin, { method: 'GET', url: '/api/customers/01199999999' }), 404);
      await call(t.app, as(shopper, { method: 'GET', url: `/api/customers/${gizaShipping.phone}` }), 403);
    },

    'PATCH /api/customers/{phone}': async () => {
      await placeOrder(await createUser(t));
      const url = `/api/customers/${gizaShipping.phone}`;
      await call(t.app, as(admin, { method: 'PATCH', url, payload: { note: 'Prefers evenings' } }), 200);
      await call(
        t.app,
        as(admin, { method: 'PATCH', url, payload: { block: { reason: 'x', mode: 'some' } } }),
        400,
      );
      await call(
        t.app,
        as(admin, { method: 'PATCH', url: '/api/customers/01199999999', payload: { note: '' } }),
        404,
      );
      await call(t.app, as(shopper, { method: 'PATCH', url, payload: { note: '' } }), 403);
    },

    'GET /api/whatsapp/webhook': async () => {
      const url = `/api/whatsapp/webhook?hub.mode=subscribe&hub.challenge=42&hub.verify_token=`;
      await call(t.app, { method: 'GET', url: `${url}${WHATSAPP_VERIFY_TOKEN}` }, 200);
      await call(t.app, { method: 'GET', url: `${url}guess` }, 403);
    },

    'POST /api/whatsapp/webhook': async () => {
      const url = '/api/whatsapp/webhook';
      const body = JSON.stringify(
        meta.statusBody({ messageId: 'wamid.answers', status: 'delivered', recipient: '201012345678' }),
      );
      const signature = `sha256=${createHmac('sha256', meta.appSecret).update(body).digest('hex')}`;
      const headers = { 'content-type': 'application/json', 'x-hub-signature-256': signature };
      await call(t.app, { method: 'POST', url, headers, payload: body }, 200);
      await call(
        t.app,
        { method: 'POST', url, headers: { ...headers, 'x-hub-signature-256': 'sha256=00' }, payload: body },
        401,
      );
    },

    'GET /api/files/private/{*}': async () => {
      const order = await placeOrder(await createUser(t), image);
      const link = order.paymentImage?.url ?? '';
      expect(link).toMatch(/^\/api\/files\/private\//);
      await call(t.app, { method: 'GET', url: link }, 200);
      await call(t.app, { method: 'GET', url: link.replace(/signature=[^&]+/, 'signature=forged') }, 403);
      await call(t.app, { method: 'GET', url: t.signer.sign('private/proofs/gone.webp', 60) }, 404);
    },
  };

  it('has a scenario for every operation of the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(Object.keys(scenarios).sort()).toEqual(operations.sort());
  });

  it.each(Object.keys(scenarios))('%s: a success and a failure, each as declared', async (operation) => {
    checked = new Map();
    await scenarios[operation]!();
    expect(checked.get(operation)).toEqual(new Set(['success', 'failure']));
  });

  it('reads answers strictly: an undeclared key at any depth fails', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/product?page=1&limit=1' });
    const answer = res.json<{ products: Record<string, unknown>[] }>();
    expect(issuesOf(ProductListAnswerSchema, answer)).toEqual([]);
    const withExtra = { ...answer, products: [{ ...answer.products[0], colour: 'red' }] };
    expect(issuesOf(ProductListAnswerSchema, withExtra)).toEqual(['products.0: Unrecognized key: "colour"']);
    // The same answer through the plain schema passes: it would have dropped the key without a word.
    expect(ProductListAnswerSchema.safeParse(withExtra).success).toBe(true);
  });
});
