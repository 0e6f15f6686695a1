import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHIPPING_FEES } from '@/shared/constants';
import { messages } from '@/shared/messages';
import type { OrderDto } from '@/shared/schemas/order';
import type { FullSettingsAnswer, PolicyPageAnswer, PublicSettingsAnswer } from '@/shared/schemas/settings';
import { insertTestProduct } from '../stock/test-products';
import { createTestApp, type TestApp } from '../test/app';
import { makeImage } from '../test/images';
import { multipartBody } from '../test/multipart';
import { gizaShipping } from '../test/shipping';
import { createUser, type TestUser } from '../test/users';
import { sweepOrphanedFiles } from '../images/sweeper';
import { deliveryZonesOf } from '@/shared/delivery';
import { zonesOf } from './store';

const m = messages.settings;

describe('shop settings API', () => {
  let t: TestApp;
  let admin: TestUser;
  let shopper: TestUser;

  beforeAll(async () => {
    // The environment of before issue 16: its values are the settings a new shop starts with.
    t = await createTestApp({
      RATE_LIMIT_PER_MINUTE: '100000',
      SHOP_NAME: 'Layla',
      SHOP_WALLET_NUMBER: '01112223334',
      SHOP_WHATSAPP: '01001234567',
      SHOP_EMAIL: 'hello@layla.example',
    });
    admin = await createUser(t, { role: 'admin' });
    shopper = await createUser(t);
  });
  afterAll(() => t.close());

  const publicSettings = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(res.statusCode).toBe(200);
    return res.json<PublicSettingsAnswer>().settings;
  };
  const patch = (payload: unknown, user: TestUser | null = admin) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/settings',
      headers: user?.headers ?? {},
      payload: payload as object,
    });

  it('previews Markdown for the owner exactly as the policy page renders it, saving nothing', async () => {
    const markdown = '# Returns\n\nWithin **30 days**. <script>alert(1)</script> [us](javascript:alert(1))';
    const preview = (payload: unknown, user: TestUser | null = admin) =>
      t.app.inject({
        method: 'POST',
        url: '/api/settings/policy-preview',
        headers: user?.headers ?? {},
        payload: payload as object,
      });
    const res = await preview({ markdown });
    expect(res.statusCode).toBe(200);
    const { html } = res.json<{ success: true; html: string }>();
    expect(html).toContain('<h1>Returns</h1>');
    expect(html).toContain('<strong>30 days</strong>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('href="javascript');

    // The same Markdown saved: the shop's page answers the same HTML.
    expect((await patch({ policies: { privacy: { en: markdown } } })).statusCode).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: '/api/pages/privacy' });
    expect(page.json<PolicyPageAnswer>().page.html).toBe(html);

    const tooLong = await preview({ markdown: 'x'.repeat(20_001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ success: false, message: expect.stringContaining('markdown') });
    const missing = await preview({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ success: false });
    expect((await preview({ markdown: 'x' }, shopper)).statusCode).toBe(403);
    expect((await preview({ markdown: 'x' }, null)).statusCode).toBe(401);
  });

  it('round-trips the home page: hero texts merged by language, a link, the sections in a new order', async () => {
    expect((await publicSettings()).home).toEqual({
      heroTitle: { en: '', ar: '' },
      heroText: { en: '', ar: '' },
      heroLink: '',
      sections: ['sale', 'newest', 'categories'],
    });
    const res = await patch({
      home: {
        heroTitle: { en: 'Eid edit', ar: 'تشكيلة العيد' },
        heroLink: '/category/women',
        sections: ['newest', 'categories', 'sale'],
      },
    });
    expect(res.statusCode).toBe(200);
    expect((await patch({ home: { heroText: { en: 'Kaftans for every evening' } } })).statusCode).toBe(200);
    expect((await publicSettings()).home).toEqual({
      heroTitle: { en: 'Eid edit', ar: 'تشكيلة العيد' },
      heroText: { en: 'Kaftans for every evening', ar: '' },
      heroLink: '/category/women',
      sections: ['newest', 'categories', 'sale'],
    });
    expect((await patch({ home: { heroLink: 'https://example.com/eid' } })).statusCode).toBe(200);
    expect((await patch({ home: { heroLink: '' } })).statusCode).toBe(200);
  });

  it.each([
    [{ home: { sections: ['sale', 'sale', 'newest'] } }, m.homeSectionsRule],
    [{ home: { sections: ['sale', 'newest'] } }, m.homeSectionsRule],
    [{ home: { sections: ['sale', 'newest', 'bestsellers'] } }, m.homeSectionsRule],
    [{ home: { heroLink: 'javascript:alert(1)' } }, m.heroLinkRule],
    [{ home: { heroLink: '//evil.example' } }, m.heroLinkRule],
    [{ home: { heroTitle: { en: 'x'.repeat(81) } } }, 'home.heroTitle.en'],
  ])('refuses the home page %j with a clear message', async (payload, message) => {
    const before = (await publicSettings()).home;
    const res = await patch(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: expect.stringContaining(message) });
    expect((await publicSettings()).home).toEqual(before);
  });

  it('starts from the environment, with DESIGN §3 fees, and answers no Markdown publicly', async () => {
    const settings = await publicSettings();
    expect(settings.shopName).toEqual({ en: 'Layla', ar: '' });
    expect(settings.walletNumber).toBe('01112223334');
    expect(settings.whatsappDigits).toBe('201001234567');
    expect(settings.email).toBe('hello@layla.example');
    expect(settings.shippingFees).toEqual({ Cairo: 70, Giza: 40, 'Outside Cairo and Giza': 90 });
    expect(settings.social).toEqual({ facebook: '', instagram: '', tiktok: '' });
    expect(settings.logo).toBeNull();
    expect(settings).not.toHaveProperty('policies');
  });

  it('round-trips a change: merged part by part, read back by everyone', async () => {
    const res = await patch({
      shopName: { ar: 'ليلى' },
      social: { instagram: 'https://instagram.com/layla' },
      shippingFees: { Giza: 55.5 },
      announcement: { en: 'Free delivery over 1,500 EGP', ar: 'توصيل مجاني للطلبات فوق 1,500 ج.م.' },
      policies: { returns: { en: '# Returns\n\nWithin **30 days**.' } },
    });
    expect(res.statusCode).toBe(200);
    const answer = res.json<FullSettingsAnswer>();
    expect(answer.message).toBe(m.saved);
    expect(answer.settings.shopName).toEqual({ en: 'Layla', ar: 'ليلى' });
    expect(answer.settings.policies.returns.en).toBe('# Returns\n\nWithin **30 days**.');
    // The Arabic page was not sent: it keeps its text.
    expect(answer.settings.policies.returns.ar).toContain('الاسترجاع');

    const settings = await publicSettings();
    expect(settings.social).toEqual({ facebook: '', instagram: 'https://instagram.com/layla', tiktok: '' });
    expect(settings.shippingFees).toEqual({ Cairo: 70, Giza: 55.5, 'Outside Cairo and Giza': 90 });
    expect(settings.announcement.en).toBe('Free delivery over 1,500 EGP');

    const full = await t.app.inject({ method: 'GET', url: '/api/settings/full', headers: admin.headers });
    expect(full.json<FullSettingsAnswer>().settings.policies.returns.en).toContain('30 days');

    const page = await t.app.inject({ method: 'GET', url: '/api/pages/returns' });
    expect(page.json<PolicyPageAnswer>().page).toEqual({
      page: 'returns',
      language: 'en',
      title: 'Returns',
      description: 'Within 30 days.',
      html: '<h1>Returns</h1>\n<p>Within <strong>30 days</strong>.</p>\n',
    });
    const arabic = await t.app.inject({ method: 'GET', url: '/api/pages/returns?lang=ar' });
    expect(arabic.json<PolicyPageAnswer>().page.title).toBe('الاسترجاع');
    expect(arabic.json<PolicyPageAnswer>().page.html).toContain('<h1>الاسترجاع والاستبدال</h1>');
  });

  it('hides a social link again when it is emptied', async () => {
    expect((await patch({ social: { instagram: '' } })).statusCode).toBe(200);
    expect((await publicSettings()).social.instagram).toBe('');
  });

  it.each([
    [{ social: { facebook: 'javascript:alert(1)' } }, m.urlRule],
    [{ social: { tiktok: 'http://tiktok.com/@layla' } }, m.urlRule],
    [{ social: { facebook: 'facebook' } }, m.urlRule],
    [{ email: 'not-an-email' }, m.emailRule],
    [{ phone: '12ab' }, m.phoneRule],
    [{ whatsapp: '12345' }, m.whatsappRule],
    [{ walletNumber: '0201234' }, m.walletRule],
    [{ shopName: { en: '   ' } }, m.shopNameRequired],
  ])('refuses %j with a clear message', async (body, message) => {
    const res = await patch(body);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(message);
  });

  it.each([-1, 10_000_001, 12.345, 'free'])('refuses a shipping fee of %j', async (fee) => {
    const res = await patch({ shippingFees: { Cairo: fee } });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(m.feeRule);
  });

  it('refuses a field it does not know, and changes nothing on a refusal', async () => {
    const before = await publicSettings();
    expect((await patch({ colour: 'red' })).statusCode).toBe(400);
    expect((await patch({ walletNumber: '01099998888', email: 'nope' })).statusCode).toBe(400);
    expect(await publicSettings()).toEqual(before);
  });

  it('lets only an admin read everything or change anything', async () => {
    for (const [user, status] of [
      [null, 401],
      [shopper, 403],
    ] as const) {
      expect((await patch({ walletNumber: '01099998888' }, user)).statusCode).toBe(status);
      const full = await t.app.inject({
        method: 'GET',
        url: '/api/settings/full',
        headers: user?.headers ?? {},
      });
      expect(full.statusCode).toBe(status);
      const logo = await t.app.inject({
        method: 'DELETE',
        url: '/api/settings/logo',
        headers: user?.headers ?? {},
      });
      expect(logo.statusCode).toBe(status);
      const hero = await t.app.inject({
        method: 'DELETE',
        url: '/api/settings/hero-image',
        headers: user?.headers ?? {},
      });
      expect(hero.statusCode).toBe(status);
      const heroBody = multipartBody({}, { heroImage: await makeImage(40, 20, 'png') });
      const heroUpload = await t.app.inject({
        method: 'PUT',
        url: '/api/settings/hero-image',
        headers: { ...user?.headers, ...heroBody.headers },
        payload: heroBody.payload,
      });
      expect(heroUpload.statusCode).toBe(status);
    }
    expect((await publicSettings()).heroImage).toBeNull();
    expect((await publicSettings()).walletNumber).toBe('01112223334');
  });

  it('takes a logo through the image pipeline, replaces and removes it', async () => {
    const upload = async () => {
      const body = multipartBody({}, { logo: await makeImage(400, 200, 'png') });
      return t.app.inject({
        method: 'PUT',
        url: '/api/settings/logo',
        headers: { ...admin.headers, ...body.headers },
        payload: body.payload,
      });
    };
    const first = await upload();
    expect(first.statusCode).toBe(200);
    const logo = first.json<FullSettingsAnswer>().settings.logo;
    expect(logo?.url).toMatch(/\/shop\/[0-9a-f]+-[0-9a-f]+\.webp$/);
    expect(logo?.srcset).toContain('320w');
    expect((await publicSettings()).logo).toEqual(logo);

    const second = await upload();
    const firstKey = new URL(logo!.url, 'http://x').pathname.split('/uploads/')[1]!;
    expect(await t.store.get(firstKey)).toBeNull();

    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/settings/logo',
      headers: admin.headers,
    });
    expect(removed.json<FullSettingsAnswer>().settings.logo).toBeNull();
    const secondKey = new URL(
      second.json<FullSettingsAnswer>().settings.logo!.url,
      'http://x',
    ).pathname.split('/uploads/')[1]!;
    expect(await t.store.get(secondKey)).toBeNull();

    const empty = multipartBody({ note: 'no file' });
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/logo',
      headers: { ...admin.headers, ...empty.headers },
      payload: empty.payload,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe(m.logoRequired);
  });

  it('takes the home page’s hero picture through the image pipeline, keeps it, replaces and removes it', async () => {
    const upload = async (file: Buffer) => {
      const body = multipartBody({}, { heroImage: file });
      return t.app.inject({
        method: 'PUT',
        url: '/api/settings/hero-image',
        headers: { ...admin.headers, ...body.headers },
        payload: body.payload,
      });
    };
    const keyOf = (url: string) => new URL(url, 'http://x').pathname.split('/uploads/')[1]!;
    expect((await publicSettings()).heroImage).toBeNull();

    const first = await upload(await makeImage(2000, 1000, 'png'));
    expect(first.statusCode).toBe(200);
    expect(first.json<FullSettingsAnswer>().message).toBe(m.heroImageUploaded);
    const hero = first.json<FullSettingsAnswer>().settings.heroImage!;
    // WebP, at most 1600 px wide, with its height at that width for the page's box.
    expect(hero.url).toMatch(/\/shop\/[0-9a-f]+-[0-9a-f]+\.webp$/);
    expect(hero).toMatchObject({ width: 1600, height: 800 });
    expect(hero.srcset).toContain('320w');
    expect(hero.srcset).toContain('1024w');
    expect(hero.srcset).toContain('1600w');
    expect((await publicSettings()).heroImage).toEqual(hero);
    const stored = await t.store.get(keyOf(hero.url));
    expect(stored).not.toBeNull();

    // Saving the home page's texts keeps the picture; the orphan sweep leaves it be.
    expect((await patch({ home: { heroTitle: { en: 'Eid edit' } } })).statusCode).toBe(200);
    expect((await publicSettings()).heroImage).toEqual(hero);
    await sweepOrphanedFiles({ db: t.database.db, store: t.store, minAgeMs: 0 });
    expect(await t.store.get(keyOf(hero.url))).not.toBeNull();

    // A file that is not a picture is refused in words, and the picture stays.
    const text = await upload(Buffer.from('not a picture at all'));
    expect(text.statusCode).toBe(415);
    expect(text.json<{ success: boolean; message: string }>()).toMatchObject({
      success: false,
      message: messages.admin.notAnImage,
    });
    const empty = multipartBody({ note: 'no file' });
    const missing = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/hero-image',
      headers: { ...admin.headers, ...empty.headers },
      payload: empty.payload,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ message: string }>().message).toBe(m.heroImageRequired);
    expect((await publicSettings()).heroImage).toEqual(hero);

    // A new picture replaces it, and the old files go.
    const second = await upload(await makeImage(600, 800, 'jpeg'));
    expect(second.statusCode).toBe(200);
    const replaced = second.json<FullSettingsAnswer>().settings.heroImage!;
    expect(replaced).toMatchObject({ width: 600, height: 800 });
    expect(replaced.url).not.toBe(hero.url);
    expect(await t.store.get(keyOf(hero.url))).toBeNull();
    expect(second.json<FullSettingsAnswer>().settings.home.heroTitle.en).toBe('Eid edit');

    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/settings/hero-image',
      headers: admin.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json<FullSettingsAnswer>().message).toBe(m.heroImageRemoved);
    expect(removed.json<FullSettingsAnswer>().settings.heroImage).toBeNull();
    expect((await publicSettings()).heroImage).toBeNull();
    expect(await t.store.get(keyOf(replaced.url))).toBeNull();
    expect((await patch({ home: { heroTitle: { en: '' } } })).statusCode).toBe(200);
  });

  it("charges the next order the new fee and leaves a placed order's fee be", async () => {
    const product = await insertTestProduct(t, { price: 100, stock: 10 });
    const order = async () => {
      await t.app.inject({
        method: 'POST',
        url: '/api/cart',
        headers: shopper.headers,
        payload: { productId: product.id, quantity: 1 },
      });
      const body = multipartBody({ ...gizaShipping, paymentType: 'cash' });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/order',
        headers: { ...shopper.headers, ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(201);
      return res.json<{ order: OrderDto }>().order;
    };
    expect((await patch({ shippingFees: { Giza: 45 } })).statusCode).toBe(200);
    const before = await order();
    expect(before.shippingFee).toBe(45);
    expect(before.grandTotal).toBe(145);

    expect((await patch({ shippingFees: { Giza: 60 } })).statusCode).toBe(200);
    const after = await order();
    expect(after.shippingFee).toBe(60);
    expect(after.grandTotal).toBe(160);

    const again = await t.app.inject({
      method: 'GET',
      url: `/api/order/${before.id}`,
      headers: shopper.headers,
    });
    expect(again.json<{ results: OrderDto }>().results.shippingFee).toBe(45);
  });

  it('answers 400 for a page that does not exist', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/pages/secrets' });
    expect(res.statusCode).toBe(400);
  });
});

describe('zonesOf', () => {
  it("reads the settings' zones, and DESIGN §3's three where no settings row (or no zones) was read", () => {
    const zones = deliveryZonesOf({ Cairo: 50, Giza: 40, 'Outside Cairo and Giza': 100 });
    expect(zonesOf(zones)).toEqual(zones);
    expect(zonesOf(JSON.stringify(zones))).toEqual(zones);
    expect(zonesOf(null)).toEqual(deliveryZonesOf(SHIPPING_FEES));
    expect(zonesOf(undefined)).toEqual(deliveryZonesOf(SHIPPING_FEES));
  });
});
