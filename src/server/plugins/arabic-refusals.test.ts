import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@/shared/messages';
import { messagesAr } from '@/shared/messages/ar';
import { insertTestProduct } from '../stock/test-products';
import { createTestApp, type TestApp } from '../test/app';
import { createCategory, createProduct } from '../test/catalog-fixtures';
import { makeImage } from '../test/images';
import { multipartBody } from '../test/multipart';
import { gizaShipping } from '../test/shipping';
import { createUser, type TestUser } from '../test/users';

const AR = { 'accept-language': 'ar-EG,ar;q=0.9' };
const EN = { 'accept-language': 'en-US,en;q=0.9' };

/** What a refusal answers each language: its status, its English message and its Arabic one. */
interface Refusal {
  status: number;
  en: string;
  ar: string;
}

/**
 * The refusals of multipart forms and of Fastify itself (issue 14): every one said in Arabic to an
 * Arabic caller, through the one translator, and exactly as before to everyone else.
 */
describe('refusals of forms and of the framework, in the caller’s language', () => {
  let t: TestApp;
  let admin: TestUser;
  let shopper: TestUser;
  let photo: Buffer;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
    admin = await createUser(t, { role: 'admin' });
    shopper = await createUser(t);
    photo = await makeImage(40, 30, 'png');
    await createCategory(t, { name: 'Women', slug: 'women' });
  });
  afterAll(() => t.close());

  /** Sends the request as an Arabic, an English and an unnamed caller, and checks each answer. */
  async function expectRefusal(request: InjectOptions, { status, en, ar }: Refusal) {
    for (const [headers, message] of [
      [AR, ar],
      [EN, en],
      [{}, en],
    ] as const) {
      const res = await t.app.inject({ ...request, headers: { ...request.headers, ...headers } });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toEqual({ success: false, message });
    }
    expect(ar).toMatch(/[\u0600-\u06ff]/);
  }

  function form(
    user: TestUser,
    method: 'POST' | 'PATCH',
    url: string,
    fields: Record<string, string | string[]>,
    files: Parameters<typeof multipartBody>[1] = {},
  ): InjectOptions {
    const body = multipartBody(fields, files);
    return { method, url, payload: body.payload, headers: { ...user.headers, ...body.headers } };
  }

  const productFields = { name: 'Dress', price: '100', avaliableItems: '3', category: 'women' };

  describe('the product form', () => {
    it('says a missing field in Arabic', async () => {
      await expectRefusal(
        form(admin, 'POST', '/api/product', { ...productFields, name: '' }, { defaultImage: photo }),
        { status: 400, en: messages.admin.fillRequired, ar: messagesAr.admin.fillRequired },
      );
    });

    it("says zod's own rule for a variant of the wrong shape in Arabic, after its field", async () => {
      const fields = {
        ...productFields,
        options: JSON.stringify([{ name: 'Size', values: ['M'] }]),
        variants: JSON.stringify([{ sku: 'D-M', options: 'M', avaliableItems: 1 }]),
      };
      await expectRefusal(form(admin, 'POST', '/api/product', fields, { defaultImage: photo }), {
        status: 400,
        en: 'variants.0.options: Invalid input: expected record, received string',
        ar: 'variants.0.options: قيمة غير صالحة: المتوقَّع كائن، والمُرسَل نص',
      });
    });

    it('says a product name too long for its rule in Arabic, on an edit too', async () => {
      const product = await createProduct(t, { name: 'Long Dress' });
      await expectRefusal(form(admin, 'PATCH', `/api/product/${product.id}`, { name: 'x'.repeat(121) }), {
        status: 400,
        en: messages.admin.nameTooLong.replace('{max}', '120'),
        ar: 'يجب ألا يزيد طول الاسم على 120 حرفًا',
      });
    });

    it('says an unexpected file field, too many files and a file that is no image in Arabic', async () => {
      await expectRefusal(form(admin, 'POST', '/api/product', productFields, { poster: photo }), {
        status: 400,
        en: 'Unexpected file field "poster"',
        ar: 'حقل ملف غير متوقع "poster"',
      });
      await expectRefusal(
        form(admin, 'POST', '/api/product', productFields, { defaultImage: [photo, photo] }),
        {
          status: 400,
          en: 'Too many files in "defaultImage" (at most 1)',
          ar: 'عدد الملفات في "defaultImage" كبير جدًا (بحد أقصى 1)',
        },
      );
      await expectRefusal(
        form(admin, 'POST', '/api/product', productFields, { defaultImage: Buffer.from('not an image') }),
        { status: 415, en: messages.admin.notAnImage, ar: messagesAr.admin.notAnImage },
      );
    });

    it('says a body that is not multipart, or not readable multipart, in Arabic', async () => {
      await expectRefusal(
        { method: 'POST', url: '/api/product', headers: admin.headers, payload: productFields },
        { status: 415, en: messages.admin.multipartRequired, ar: messagesAr.admin.multipartRequired },
      );
      await expectRefusal(
        {
          method: 'POST',
          url: '/api/product',
          headers: { ...admin.headers, 'content-type': 'multipart/form-data; boundary=nour' },
          payload: '--nour\r\nContent-Disposition: form-data; name="name"\r\n\r\nDress',
        },
        { status: 400, en: messages.admin.malformedUpload, ar: messagesAr.admin.malformedUpload },
      );
    });

    // (Its limit of ten files is never met: the form's own file counts refuse the tenth file first.)
    it("says the multipart plugin's limit of fields in Arabic", async () => {
      const manyFields = Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`field${i}`, 'x']));
      await expectRefusal(form(admin, 'POST', '/api/product', manyFields), {
        status: 413,
        en: messages.errors.payloadTooLarge,
        ar: messagesAr.errors.payloadTooLarge,
      });
    });
  });

  describe('the category form', () => {
    it('says a missing name and a size guide that is not JSON in Arabic', async () => {
      await expectRefusal(form(admin, 'POST', '/api/category', { name: '' }), {
        status: 400,
        en: messages.admin.enterCategoryName,
        ar: messagesAr.admin.enterCategoryName,
      });
      await expectRefusal(form(admin, 'POST', '/api/category', { name: 'Hats', sizeGuide: '{' }), {
        status: 400,
        en: messages.admin.sizeGuideJson,
        ar: messagesAr.admin.sizeGuideJson,
      });
    });

    it("says zod's own rule and a rule filled with the admin's values in Arabic, after the field", async () => {
      const category = await createCategory(t, { name: 'Shoes', slug: 'shoes' });
      await expectRefusal(
        form(admin, 'PATCH', `/api/category/${category.id}`, {
          sizeGuide: JSON.stringify({ columns: 5, rows: [] }),
        }),
        {
          status: 400,
          en: 'sizeGuide.columns: Invalid input: expected array, received number',
          ar: 'sizeGuide.columns: قيمة غير صالحة: المتوقَّع قائمة، والمُرسَل رقم',
        },
      );
      await expectRefusal(
        form(admin, 'PATCH', `/api/category/${category.id}`, {
          sizeGuide: JSON.stringify({ columns: ['Size', 'Chest'], rows: [['S']] }),
        }),
        {
          status: 400,
          en: 'sizeGuide: Every size guide row must have one cell for each of its 2 columns',
          ar: 'sizeGuide: يجب أن يحتوي كل صف في دليل المقاسات على خانة لكل عمود من أعمدته الـ2',
        },
      );
    });
  });

  describe('the checkout form and its payment proof', () => {
    async function checkout(fields: Record<string, string>, files: Parameters<typeof multipartBody>[1] = {}) {
      const product = await insertTestProduct(t, { stock: 50 });
      const added = await t.app.inject({
        method: 'POST',
        url: '/api/cart',
        headers: shopper.headers,
        payload: { productId: product.id, quantity: 1 },
      });
      expect(added.statusCode, added.body).toBe(200);
      return form(shopper, 'POST', '/api/order', fields, files);
    }

    it("says the checkout's rules in Arabic", async () => {
      await expectRefusal(await checkout({ ...gizaShipping, name: 'M1', paymentType: 'cash' }), {
        status: 400,
        en: messages.orders.nameRule,
        ar: messagesAr.orders.nameRule,
      });
      await expectRefusal(await checkout({ ...gizaShipping, city: 'Luxor', paymentType: 'cash' }), {
        status: 400,
        en: messages.orders.cityRule,
        ar: messagesAr.orders.cityRule,
      });
      await expectRefusal(await checkout({ ...gizaShipping, paymentType: 'card' }), {
        status: 400,
        en: messages.orders.paymentTypeRule,
        ar: messagesAr.orders.paymentTypeRule,
      });
    });

    it('says a proof that is no image, or a second proof, in Arabic', async () => {
      await expectRefusal(
        await checkout(
          { ...gizaShipping, paymentType: 'instapay' },
          { paymentImage: Buffer.from('not an image') },
        ),
        { status: 415, en: messages.orders.imageFileRule, ar: messagesAr.orders.imageFileRule },
      );
      await expectRefusal(
        await checkout({ ...gizaShipping, paymentType: 'instapay' }, { paymentImage: [photo, photo] }),
        {
          status: 400,
          en: 'Too many files in "paymentImage" (at most 1)',
          ar: 'عدد الملفات في "paymentImage" كبير جدًا (بحد أقصى 1)',
        },
      );
    });
  });

  describe("Fastify's own refusals", () => {
    const signin = (payload: string, contentType = 'application/json'): InjectOptions => ({
      method: 'POST',
      url: '/api/auth/signin',
      payload,
      headers: { 'content-type': contentType },
    });

    it('says a body that is not JSON, an empty one and a poisoned one in Arabic', async () => {
      const notJson = {
        status: 400,
        en: messages.errors.invalidJsonBody,
        ar: messagesAr.errors.invalidJsonBody,
      };
      await expectRefusal(signin('{"email": '), notJson);
      await expectRefusal(signin('{"__proto__": {"admin": true}}'), notJson);
      await expectRefusal(signin(''), {
        status: 400,
        en: messages.errors.emptyJsonBody,
        ar: messagesAr.errors.emptyJsonBody,
      });
    });

    it('says a body shorter than its Content-Length in Arabic', async () => {
      const payload = '{"email": "a@example.com"}';
      await expectRefusal(
        {
          method: 'POST',
          url: '/api/auth/signin',
          payload,
          headers: { 'content-type': 'application/json', 'content-length': String(payload.length + 5) },
        },
        {
          status: 400,
          en: messages.errors.contentLengthMismatch,
          ar: messagesAr.errors.contentLengthMismatch,
        },
      );
    });

    it('says a content type no route reads, and a body over the limit, in Arabic', async () => {
      await expectRefusal(signin('<email/>', 'application/xml'), {
        status: 415,
        en: 'Unsupported Media Type',
        ar: messagesAr.errors.unsupportedMediaType,
      });
      await expectRefusal(signin(JSON.stringify({ email: 'a'.repeat(1_100_000) })), {
        status: 413,
        en: messages.errors.payloadTooLarge,
        ar: messagesAr.errors.payloadTooLarge,
      });
    });

    it('says what a multipart body sent to a JSON route lacks in Arabic', async () => {
      // The multipart parser gives the route its parts, which are no text: the rule of a missing e-mail.
      const body = multipartBody({ email: 'a@example.com', password: 'Secret12' });
      await expectRefusal(
        { method: 'POST', url: '/api/auth/signin', payload: body.payload, headers: body.headers },
        { status: 400, en: messages.auth.signinEmailRequired, ar: messagesAr.auth.signinEmailRequired },
      );
    });

    it("says zod's own rule for a JSON body of the wrong shape in Arabic", async () => {
      await expectRefusal(signin('"just text"'), {
        status: 400,
        en: 'Invalid input: expected object, received string',
        ar: 'قيمة غير صالحة: المتوقَّع كائن، والمُرسَل نص',
      });
    });

    it('says a route that does not exist, whatever its method, in Arabic', async () => {
      await expectRefusal(
        { method: 'DELETE', url: '/api/cart/nothing?x=1' },
        {
          status: 404,
          en: 'Route DELETE /api/cart/nothing not found',
          ar: 'المسار DELETE /api/cart/nothing غير موجود',
        },
      );
      await expectRefusal(
        { method: 'PUT', url: '/api/product' },
        { status: 404, en: 'Route PUT /api/product not found', ar: 'المسار PUT /api/product غير موجود' },
      );
    });
  });
});
