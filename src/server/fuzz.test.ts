import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '@/shared/constants';
import { TOKEN_HEADER } from '@/shared/shell-constants';
import { createTestApp, testDriver, type TestApp } from './test/app';
import { createCategory, createProduct } from './test/catalog-fixtures';
import { makeImage } from './test/images';
import { multipartBody } from './test/multipart';
import { createUser } from './test/users';

// A property-based fuzz of the whole API (issue 11): thousands of generated requests over every route
// the OpenAPI document lists, as a visitor, a shopper and an admin, with hostile path parameters,
// query strings, JSON and multipart bodies. Whatever a caller sends, the answer is never a 5xx, never
// late, and every error has DESIGN §2's shape. FUZZ_SEED and FUZZ_RUNS vary a run.

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_125);
const RUNS = Number(process.env.FUZZ_RUNS ?? 2000);
/** No single answer may take longer than this, however busy the machine: past it, the request hung. */
const INJECT_TIMEOUT_MS = 15_000;

interface Route {
  method: string;
  /** OpenAPI template, e.g. `/api/product/{idOrSlug}`. */
  path: string;
}

interface FuzzRequest {
  route: Route;
  role: 'visitor' | 'user' | 'admin';
  params: string[];
  rawParams: boolean[];
  query: Record<string, string | string[]>;
  body:
    | { kind: 'none' }
    | { kind: 'json'; value: unknown }
    | { kind: 'text'; value: string; contentType: string }
    | {
        kind: 'multipart';
        fields: Record<string, string | string[]>;
        files: Record<string, Buffer[]>;
      };
  headers: Record<string, string>;
}

/** Strings that have broken servers before: NUL, huge numbers, encodings, traversal, markup, lengths. */
const NASTY = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '%00',
  '..',
  '../../etc/passwd',
  '%',
  '%zz',
  '%E0%A4%A',
  '\\',
  '/',
  '🙂',
  'مرحبا',
  '\u202e',
  '\ud800',
  // Half characters (lone surrogates, issue 35): PostgreSQL's json refuses them.
  '\udfff',
  'a\udc00b',
  '\ud83d',
  '\uffff',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '-1',
  '0',
  '1',
  '1.5',
  '-0',
  '0x10',
  ' 5 ',
  '1e99',
  '-1e99',
  '21474837',
  '21474836.48',
  '2147483648',
  '9007199254740993',
  '9'.repeat(40),
  'NaN',
  'Infinity',
  // Days far outside the shop's (issue 35): years 0, 1, 10000 and before year 0.
  '0000-01-01',
  '0001-01-01',
  '0001-12-31',
  '10000-01-01',
  '+010000-01-01',
  '-0001-01-01',
  '-000001-01-01',
  '9999-12-31',
  '2026-02-30',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  'a'.repeat(101),
  'a'.repeat(255),
  'x'.repeat(6000),
];

const nastyString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
  { weight: 1, arbitrary: fc.uuid() },
);

/**
 * JSON texts of the forms that carry JSON (a product's options and variants, a category's size guide)
 * and a settings body's localized texts, each with half a character where the database stores JSON.
 */
const LONE_JSON_TEXTS = [
  JSON.stringify([{ name: 'Size', values: ['M\ud800'] }]),
  JSON.stringify([{ name: '\udc00', values: ['M'] }]),
  JSON.stringify([{ sku: 'FZ-\ud800', options: { Size: 'M' }, avaliableItems: 1 }]),
  JSON.stringify([{ sku: 'FZ-M', options: { '\ud800': '\udfff' }, avaliableItems: 1 }]),
  JSON.stringify({ columns: ['Size\ud800'], rows: [['S']] }),
  JSON.stringify({ columns: ['Size'], rows: [['\udc00']] }),
];
const LONE_LOCALIZED = [{ en: '\ud800' }, { ar: 'x\udc00' }, { en: 'Sale \ud83d', ar: '\udfff' }];

const jsonValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 1, arbitrary: fc.constantFrom(...LONE_LOCALIZED) },
  { weight: 5, arbitrary: nastyString },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.constantFrom(1e99, -1e99, 2 ** 31, 0.5, -1, 0, 1000, 1001) },
  { weight: 1, arbitrary: fc.double({ noNaN: true }) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(nastyString, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 5 }), nastyString, { maxKeys: 2 }) },
);

/** Every key any route reads, so generated values land where the code looks. */
const QUERY_KEYS = [
  'search',
  'slug',
  'category',
  'minPrice',
  'maxPrice',
  'availability',
  'sort',
  'page',
  'limit',
  'status',
  'expires',
  'signature',
  'from',
  'to',
  'period',
  'paymentType',
  'proof',
  'threshold',
];
const BODY_KEYS = [
  'productId',
  'quantity',
  'rating',
  'status',
  'name',
  'email',
  'password',
  'confirmPassword',
  'announcement',
  'shopName',
  'note',
];
const FORM_KEYS = [
  'name',
  'description',
  'price',
  'discount',
  'avaliableItems',
  'category',
  'removeSubImages',
  'cartId',
  'phone',
  'address',
  'street',
  'building',
  'floor',
  'apartment',
  'landmark',
  'area',
  'city',
  'paymentType',
  'options',
  'variants',
  'sizeGuide',
];
const FILE_FIELDS = ['defaultImage', 'subImages', 'category', 'image', 'paymentImage', 'other'];

function encodeParam(value: string, raw: boolean): string {
  if (raw) return value;
  try {
    return encodeURIComponent(value);
  } catch {
    // A lone surrogate cannot be percent-encoded: it goes as it is.
    return value;
  }
}

function urlOf(request: FuzzRequest): string {
  let index = 0;
  const path = request.route.path.replace(/\{[^}]+\}/g, () => {
    const i = index++;
    return encodeParam(request.params[i] ?? '', request.rawParams[i] ?? false);
  });
  const query = Object.entries(request.query)
    .flatMap(([key, value]) => (Array.isArray(value) ? value : [value]).map((v) => [key, v] as const))
    .map(([key, value]) => `${encodeParam(key, false)}=${encodeParam(value, false)}`)
    .join('&');
  return query ? `${path}?${query}` : path;
}

/** What went wrong with one answer, or null when it is fine. */
function problemWith(status: number, contentType: string | undefined, body: string): string | null {
  if (status >= 500) return `status ${status}: ${body.slice(0, 300)}`;
  if (status < 400) return null;
  if (!contentType?.startsWith('application/json')) return `error without JSON content type (${contentType})`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `error body is not JSON: ${body.slice(0, 200)}`;
  }
  const answer = parsed as { success?: unknown; message?: unknown };
  if (answer.success !== false || typeof answer.message !== 'string' || answer.message.trim() === '') {
    return `error body is not { success: false, message }: ${body.slice(0, 200)}`;
  }
  const keys = Object.keys(answer).sort();
  if (keys.join(',') !== 'message,success') return `error body has extra keys ${keys.join(',')}`;
  return null;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

describe(`API fuzz (${testDriver})`, () => {
  let t: TestApp;
  let routes: Route[];
  let tokens: Record<'user' | 'admin', string>;
  let validIds: string[];
  let validForm: Record<string, string>;
  let image: Buffer;

  beforeAll(async () => {
    // Limits high enough that the generated requests reach the code behind them, not only the 429.
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1000000', AUTH_RATE_LIMIT_PER_MINUTE: '1000000' });
    image = await makeImage(8, 8);

    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    routes = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => ({ method: method.toUpperCase(), path })),
    );
    // Hidden from the document, but a caller can still ask.
    routes.push({ method: 'GET', path: '/uploads/{*}' }, { method: 'GET', path: '/api/{*}' });

    const category = await createCategory(t, { name: 'Fuzz Category' });
    const product = await createProduct(t, { name: 'Fuzz Dress', category, availableItems: 1_000_000 });
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        name: 'Fuzzer',
        email: 'fuzzer@example.com',
        password: 'Secret12',
        confirmPassword: 'Secret12',
      },
    });
    expect(signup.statusCode).toBe(201);
    const admin = await createUser(t, { role: 'admin' });
    tokens = { user: signup.json<{ results: { token: string } }>().results.token, admin: admin.token };

    const asUser = { [TOKEN_HEADER]: tokens.user };
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: asUser,
      payload: { productId: product.id, quantity: 1 },
    });
    expect(added.statusCode).toBe(200);
    validForm = {
      name: 'Fuzz Dress',
      description: 'A dress',
      price: '100',
      discount: '10',
      avaliableItems: '5',
      category: category.id,
      phone: '01012345678',
      street: 'Tahrir Street',
      building: '12',
      floor: '3',
      apartment: '4',
      landmark: '',
      area: 'Dokki',
      city: 'Giza',
      paymentType: 'cash',
    };
    const order = multipartBody(validForm);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: order.payload,
      headers: { ...order.headers, ...asUser },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json<{ order: { id: string } }>().order.id;
    // A line again, so the order fuzzing can place more.
    await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: asUser,
      payload: { productId: product.id, quantity: 1 },
    });
    validIds = [product.id, product.slug, category.id, category.slug, orderId];
  });
  afterAll(async () => {
    await t?.close();
  });

  function requestArbitrary(): fc.Arbitrary<FuzzRequest> {
    const paramValue = fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...validIds) },
      { weight: 4, arbitrary: nastyString },
    );
    const query = fc.dictionary(
      fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom(...QUERY_KEYS) },
        { weight: 1, arbitrary: nastyString },
      ),
      fc.oneof(
        { weight: 6, arbitrary: nastyString },
        { weight: 2, arbitrary: fc.constantFrom(...validIds) },
        { weight: 1, arbitrary: fc.array(nastyString, { minLength: 2, maxLength: 3 }) },
      ),
      { maxKeys: 4 },
    );
    // Mostly a valid body with a few fields spoilt, so the code behind the validation runs too.
    const validJson = {
      productId: validIds[0]!,
      quantity: 1,
      rating: 4,
      status: 'cancelled',
      name: 'Fuzzer',
      email: 'fuzzer@example.com',
      password: 'Secret12',
      confirmPassword: 'Secret12',
    };
    const json = fc
      .record({
        spoilt: fc.dictionary(
          fc.oneof(
            { weight: 6, arbitrary: fc.constantFrom(...BODY_KEYS) },
            { weight: 1, arbitrary: nastyString },
          ),
          jsonValue,
          { maxKeys: 3 },
        ),
        dropped: fc.subarray(BODY_KEYS, { maxLength: 3 }),
        freshEmail: fc.option(fc.uuid(), { nil: undefined }),
        whole: fc.oneof(
          { weight: 9, arbitrary: fc.constant(undefined) },
          { weight: 1, arbitrary: jsonValue },
        ),
      })
      .map(({ spoilt, dropped, freshEmail, whole }) => {
        if (whole !== undefined) return { kind: 'json' as const, value: whole };
        const value: Record<string, unknown> = { ...validJson, ...spoilt };
        if (freshEmail && !('email' in spoilt)) value.email = `fuzz-${freshEmail}@example.com`;
        for (const key of dropped) delete value[key];
        return { kind: 'json' as const, value };
      });
    const fileContent = fc.oneof(
      { weight: 2, arbitrary: fc.constant(image) },
      { weight: 2, arbitrary: fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)) },
      { weight: 1, arbitrary: fc.constant(Buffer.alloc(0)) },
    );
    const multipart = fc
      .record({
        spoilt: fc.dictionary(
          fc.oneof(
            { weight: 6, arbitrary: fc.constantFrom(...FORM_KEYS) },
            { weight: 1, arbitrary: nastyString },
          ),
          fc.oneof(
            { weight: 5, arbitrary: nastyString },
            { weight: 1, arbitrary: fc.constantFrom(...LONE_JSON_TEXTS) },
            { weight: 1, arbitrary: fc.array(nastyString, { minLength: 2, maxLength: 3 }) },
          ),
          { maxKeys: 3 },
        ),
        dropped: fc.subarray(FORM_KEYS, { maxLength: 4 }),
        files: fc.dictionary(
          fc.constantFrom(...FILE_FIELDS),
          fc.array(fileContent, { minLength: 1, maxLength: 2 }),
          {
            maxKeys: 2,
          },
        ),
      })
      .map(({ spoilt, dropped, files }) => {
        const fields: Record<string, string | string[]> = { ...validForm, ...spoilt };
        for (const key of dropped) delete fields[key];
        return { kind: 'multipart' as const, fields, files };
      });
    const text = fc.record({
      kind: fc.constant('text' as const),
      value: nastyString,
      contentType: fc.constantFrom(
        'text/plain',
        'application/json',
        'multipart/form-data',
        'application/xml',
      ),
    });
    const headers = fc.record(
      {
        [IDEMPOTENCY_HEADER]: nastyString.filter(
          (value) => !/[\r\n\0]/.test(value) && !/[^\t\x20-\x7e]/.test(value),
        ),
        spoiltToken: nastyString.filter((value) => !/[\r\n\0]/.test(value) && !/[^\t\x20-\x7e]/.test(value)),
      },
      { requiredKeys: [] },
    );

    return fc
      .record({
        route: fc.constantFrom(...routes),
        role: fc.constantFrom('visitor' as const, 'user' as const, 'admin' as const),
        params: fc.array(paramValue, { minLength: 3, maxLength: 3 }),
        rawParams: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
        query,
        body: fc.oneof(
          { weight: 2, arbitrary: fc.constant({ kind: 'none' as const }) },
          { weight: 3, arbitrary: json },
          { weight: 3, arbitrary: multipart },
          { weight: 1, arbitrary: text },
        ),
        headers,
      })
      .map(({ headers: { spoiltToken, ...rest }, ...request }) => {
        const sent: Record<string, string> = { ...rest };
        if (spoiltToken !== undefined) sent[TOKEN_HEADER] = spoiltToken;
        else if (request.role !== 'visitor') sent[TOKEN_HEADER] = tokens[request.role];
        return { ...request, headers: sent };
      });
  }

  async function send(request: FuzzRequest) {
    const { body } = request;
    const base = { method: request.route.method as 'GET', url: urlOf(request) };
    if (body.kind === 'none' || request.route.method === 'GET' || request.route.method === 'DELETE') {
      return t.app.inject({ ...base, headers: request.headers });
    }
    if (body.kind === 'json') {
      return t.app.inject({
        ...base,
        headers: { ...request.headers, 'content-type': 'application/json' },
        payload: JSON.stringify(body.value) ?? 'null',
      });
    }
    if (body.kind === 'text') {
      return t.app.inject({
        ...base,
        headers: { ...request.headers, 'content-type': body.contentType },
        payload: body.value,
      });
    }
    const form = multipartBody(body.fields, body.files);
    return t.app.inject({ ...base, headers: { ...request.headers, ...form.headers }, payload: form.payload });
  }

  it(`answers ${RUNS} generated requests over every route without a 5xx, a hang or a misshapen error`, async () => {
    expect(routes.length).toBeGreaterThan(20);
    const failures: string[] = [];
    const statuses = new Map<string, number>();
    const started = Date.now();
    await fc.assert(
      fc.asyncProperty(requestArbitrary(), async (request) => {
        const answer = await withTimeout(send(request), INJECT_TIMEOUT_MS);
        const label = `${request.route.method} ${request.route.path} as ${request.role}`;
        if (answer === 'timeout') {
          failures.push(`${label}: no answer within ${INJECT_TIMEOUT_MS} ms (${urlOf(request)})`);
          return;
        }
        const key = `${Math.floor(answer.statusCode / 100)}xx`;
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
        const problem = problemWith(answer.statusCode, answer.headers['content-type'] as string, answer.body);
        if (problem) {
          failures.push(
            `${label}: ${problem.slice(0, 200)}\n  url: ${JSON.stringify(urlOf(request)).slice(0, 200)}` +
              `\n  body: ${JSON.stringify(request.body).slice(0, 300)}` +
              `\n  headers: ${JSON.stringify(request.headers).slice(0, 120)}`,
          );
        }
      }),
      { numRuns: RUNS, seed: SEED },
    );
    console.log(
      `fuzz (${testDriver}): ${RUNS} requests over ${routes.length} routes in ${Date.now() - started} ms, ` +
        `seed ${SEED} (set FUZZ_SEED to vary, FUZZ_RUNS for more); answers ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    // One example of each kind of failure: the same fault tends to be found many times.
    const kinds = new Map(failures.map((failure) => [failure.split('\n')[0]!.slice(0, 90), failure]));
    expect([...kinds.values()].slice(0, 12), `${failures.length} failures with FUZZ_SEED=${SEED}`).toEqual(
      [],
    );
  }, 300_000);

  it('answers every lone surrogate where JSON is stored, and every extreme day, with a 4xx', async () => {
    const admin = { [TOKEN_HEADER]: tokens.admin };
    const answers: Array<{ label: string; status: number; type: string | undefined; body: string }> = [];
    const keep = (label: string, res: Awaited<ReturnType<TestApp['app']['inject']>>) =>
      answers.push({
        label,
        status: res.statusCode,
        type: res.headers['content-type'] as string,
        body: res.body,
      });
    for (const localized of LONE_LOCALIZED) {
      for (const field of ['announcement', 'shopName']) {
        keep(
          `settings ${field}`,
          await t.app.inject({
            method: 'PATCH',
            url: '/api/settings',
            headers: admin,
            payload: { [field]: localized },
          }),
        );
      }
    }
    // Each JSON field where its form reads it: a product's options and variants, a category's size guide.
    const forms = [
      ['options', ['POST /api/product', `PATCH /api/product/${validIds[0]}`]],
      ['variants', ['POST /api/product', `PATCH /api/product/${validIds[0]}`]],
      ['sizeGuide', ['POST /api/category', `PATCH /api/category/${validIds[2]}`]],
    ] as const;
    for (const json of LONE_JSON_TEXTS) {
      for (const [field, targets] of forms) {
        for (const target of targets) {
          const [method, url] = target.split(' ') as ['POST' | 'PATCH', string];
          const form = multipartBody(
            {
              ...validForm,
              ...(field === 'sizeGuide' ? { name: `Fuzz ${answers.length}` } : {}),
              [field]: json,
            },
            field === 'sizeGuide' ? {} : { defaultImage: [image] },
          );
          keep(
            `${target} ${field} ${json}`,
            await t.app.inject({
              method,
              url,
              headers: { ...admin, ...form.headers },
              payload: form.payload,
            }),
          );
        }
      }
    }
    const days = ['0000-01-01', '0001-01-01', '10000-01-01', '-0001-01-01', '-000001-01-01', '+010000-01-01'];
    for (const day of days) {
      for (const key of ['from', 'to']) {
        for (const path of ['/api/order', '/api/order/export.csv']) {
          const url = `${path}?${key}=${encodeURIComponent(day)}`;
          keep(url, await t.app.inject({ method: 'GET', url, headers: admin }));
        }
      }
    }
    const problems = answers
      .map((answer) => {
        const problem = problemWith(answer.status, answer.type, answer.body);
        if (problem) return `${answer.label}: ${problem}`;
        return answer.status >= 400 ? null : `${answer.label}: accepted (${answer.status})`;
      })
      .filter(Boolean);
    expect(problems).toEqual([]);
  });
});
