import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@/shared/messages';
import { format } from '@/shared/messages';
import { sendForm } from './admin/test-support';
import { createTestApp, testDriver, type TestApp } from './test/app';
import { createCategory } from './test/catalog-fixtures';
import { makeImage } from './test/images';
import { createUser, type TestUser } from './test/users';

// A lone surrogate ('\ud800', half of a character) in any text: JSON carries it as an escape, PostgreSQL's
// json and jsonb refuse it ('invalid input syntax for type json'), and the shop answered 500. Refused
// as a NUL is, by the field's name, before anything is stored.

const refusal = (field: string) => ({
  success: false,
  message: format(messages.errors.loneSurrogate, { field }),
});

describe(`lone surrogates in what a caller sends (${testDriver})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let category: { id: string };
  let photo: Buffer;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    admin = await createUser(t, { role: 'admin' });
    category = await createCategory(t, { name: 'Women', slug: 'women' });
    photo = await makeImage(40, 40, 'png');
  });
  afterAll(() => t.close());

  const product = (extra: Record<string, string>) =>
    sendForm(
      t,
      admin,
      'POST',
      '/api/product',
      { name: 'Linen Dress', price: '500', avaliableItems: '4', category: category.id, ...extra },
      { defaultImage: photo },
    );

  it('refuses one in the settings’ announcement, high or low half, and keeps a whole emoji', async () => {
    for (const lone of ['\ud800', '\udfff', 'Sale \udc00 today', '\ud83d']) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/settings',
        headers: admin.headers,
        payload: { announcement: { en: lone } },
      });
      expect(res.statusCode, JSON.stringify(lone)).toBe(400);
      expect(res.json()).toEqual(refusal('announcement.en'));
    }
    const whole = await t.app.inject({
      method: 'PATCH',
      url: '/api/settings',
      headers: admin.headers,
      payload: { announcement: { en: 'Eid sale 👗', ar: 'تخفيضات العيد 👗' } },
    });
    expect(whole.statusCode).toBe(200);
  });

  it('refuses one in the product form’s options and variants', async () => {
    const options = await product({
      options: JSON.stringify([{ name: 'Size', values: ['M\ud800'] }]),
      variants: JSON.stringify([{ sku: 'LD-M', options: { Size: 'M\ud800' }, avaliableItems: 1 }]),
    });
    expect(options.statusCode).toBe(400);
    expect(options.json()).toEqual(refusal('option value'));
    const name = await product({
      options: JSON.stringify([{ name: 'Si\udbffze', values: ['M'] }]),
      variants: JSON.stringify([{ sku: 'LD-M', options: { Size: 'M' }, avaliableItems: 1 }]),
    });
    expect(name.json()).toEqual(refusal('option name'));
    const sku = await product({
      options: JSON.stringify([{ name: 'Size', values: ['M'] }]),
      variants: JSON.stringify([{ sku: 'LD-\udc00', options: { Size: 'M' }, avaliableItems: 1 }]),
    });
    expect(sku.statusCode).toBe(400);
    expect(sku.json()).toEqual(refusal('sku'));
  });

  it('refuses one in a size guide', async () => {
    for (const guide of [
      { columns: ['Size\ud800'], rows: [['S']] },
      { columns: ['Size'], rows: [['\udc00']] },
    ]) {
      const res = await sendForm(t, admin, 'PATCH', `/api/category/${category.id}`, {
        sizeGuide: JSON.stringify(guide),
      });
      expect(res.statusCode).toBe(400);
      const at = guide.rows[0]![0] === 'S' ? 'columns.0' : 'rows.0.0';
      expect(res.json()).toEqual({
        success: false,
        message: `sizeGuide.${at}: ${refusal('size guide cell').message}`,
      });
    }
  });

  it('refuses one in a JSON body of any form (sign-up)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        name: 'Mo\ud800na',
        email: 'mona-surrogate@example.com',
        password: 'Secret12',
        confirmPassword: 'Secret12',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal('name'));
  });
});
