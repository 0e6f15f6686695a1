import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeSearchText, searchTerm } from '@/shared/search-text';
import { createTestApp, type TestApp } from '../test/app';
import { createProduct } from '../test/catalog-fixtures';

interface ListAnswer {
  products: Array<{ name: string }>;
  totalCount: number;
  totalPages: number;
}

// Issue 18 and issue 14: the listing's search over the English and Arabic names, in one spelling on both
// sides (src/shared/search-text.ts and the SQL function search_normalize), with typos forgiven.
describe('GET /api/product?search=: Arabic and English, spelling variants and typos', () => {
  let t: TestApp;

  async function names(search: string, more = ''): Promise<string[]> {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/product?search=${encodeURIComponent(search)}&sort=nameAsc${more}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ListAnswer>().products.map((p) => p.name);
  }

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    await createProduct(t, { name: 'Embroidered Abaya', nameAr: 'عباءة مطرّزة' });
    await createProduct(t, { name: 'Red Maxi Dress', nameAr: 'فستان ماكسي أحمر' });
    await createProduct(t, { name: 'Gold Bracelet', nameAr: 'إسوارة ذهبية' });
    await createProduct(t, { name: 'Linen Kaftan', nameAr: 'قفطان كتان' });
    await createProduct(t, { name: 'Evening Dress', nameAr: 'فُسْتَانُ سَهْرَة' });
    await createProduct(t, { name: 'Sold Out Tee', nameAr: 'تيشيرت', availableItems: 0 });
    await createProduct(t, { name: 'Kids Hoodie' });
    await createProduct(t, { name: 'Size 42 Sandals', nameAr: 'صندل مقاس ٤٢' });
  });
  afterAll(() => t.close());

  it('finds a product by its Arabic name, and by its English name still', async () => {
    expect(await names('عباءة')).toEqual(['Embroidered Abaya']);
    expect(await names('abaya')).toEqual(['Embroidered Abaya']);
    expect(await names('ABAYA')).toEqual(['Embroidered Abaya']);
    expect(await names('فستان')).toEqual(['Evening Dress', 'Red Maxi Dress']);
  });

  it('takes the teh marbuta and the heh for one letter, either way', async () => {
    expect(await names('عباءه')).toEqual(['Embroidered Abaya']);
    expect(await names('سهره')).toEqual(['Evening Dress']);
    expect(await names('ذهبيه')).toEqual(['Gold Bracelet']);
  });

  it('takes every alef with hamza or madda for a plain alef, either way', async () => {
    expect(await names('احمر')).toEqual(['Red Maxi Dress']);
    expect(await names('أحمر')).toEqual(['Red Maxi Dress']);
    expect(await names('اسوارة')).toEqual(['Gold Bracelet']);
    expect(await names('آسوارة')).toEqual(['Gold Bracelet']);
  });

  it('ignores diacritics and tatweel in the names and in the term', async () => {
    // The name is stored with shadda (مطرّزة) and full harakat (فُسْتَانُ سَهْرَة); the terms without.
    expect(await names('مطرزة')).toEqual(['Embroidered Abaya']);
    expect(await names('فستان سهرة')).toEqual(['Evening Dress']);
    // And the other way round: a term with harakat or tatweel finds a plain name.
    expect(await names('قُفْطَان')).toEqual(['Linen Kaftan']);
    expect(await names('قفـــطان')).toEqual(['Linen Kaftan']);
  });

  it('reads Arabic-Indic digits in a term as the digits of either script in a name', async () => {
    expect(await names('٤٢')).toEqual(['Size 42 Sandals']);
    expect(await names('42')).toEqual(['Size 42 Sandals']);
    expect(await names('مقاس 42')).toEqual(['Size 42 Sandals']);
  });

  it('finds the words of a term apart and in any order, in either language or both', async () => {
    expect(await names('red dress')).toEqual(['Red Maxi Dress']);
    expect(await names('dress red')).toEqual(['Red Maxi Dress']);
    expect(await names('kaftan  linen')).toEqual(['Linen Kaftan']);
    expect(await names('أحمر فستان')).toEqual(['Red Maxi Dress']);
    expect(await names('maxi فستان')).toEqual(['Red Maxi Dress']);
    // Every word must be there: one word found elsewhere does not make a match.
    expect(await names('gold dress')).toEqual([]);
  });

  it('forgives a typo when the term as typed matches nothing', async () => {
    expect(await names('lnen')).toEqual(['Linen Kaftan']);
    expect(await names('kaftn')).toEqual(['Linen Kaftan']);
    expect(await names('قفطن')).toEqual(['Linen Kaftan']);
    expect(await names('braclet')).toEqual(['Gold Bracelet']);
  });

  it('forgives typos word by word: each word like a word of the names, the rest as typed', async () => {
    expect(await names('lnen kaftan')).toEqual(['Linen Kaftan']);
    expect(await names('evning dress')).toEqual(['Evening Dress']);
    // 'dress' alone is like two names, 'evning' like one of them.
    expect(await names('dress evning')).toEqual(['Evening Dress']);
  });

  it('answers exact matches alone when there are any (a typo match never dilutes them)', async () => {
    // 'dress' matches two names as typed: nothing merely alike joins them.
    const res = await t.app.inject({ method: 'GET', url: '/api/product?search=dress' });
    expect(res.json<ListAnswer>()).toMatchObject({ totalCount: 2, totalPages: 1 });
  });

  it('still answers nothing, with the totals the SPEC gives, for a term like no name', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/product?search=zzqxw' });
    expect(res.json<ListAnswer>()).toMatchObject({ products: [], totalCount: 0, totalPages: 1 });
    expect(await names('بطيخ')).toEqual([]);
  });

  it('keeps the other filters and the featured order, sold-out last, on an Arabic search', async () => {
    expect(await names('تيشيرت', '&availability=inStock')).toEqual([]);
    expect(await names('تيشيرت', '&availability=outOfStock')).toEqual(['Sold Out Tee']);
    const res = await t.app.inject({ method: 'GET', url: `/api/product?search=${encodeURIComponent('ت')}` });
    const found = res.json<ListAnswer>().products.map((p) => p.name);
    expect(found.at(-1)).toBe('Sold Out Tee');
  });
});

describe('search_normalize (SQL) and normalizeSearchText (TypeScript)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  // Every character either side changes, in context, and some that neither does.
  const samples = [
    'أإآٱ ىةؤئ',
    '٠١٢٣٤٥٦٧٨٩ ۰۱۲۳۴۵۶۷۸۹',
    'ABCDEFGHIJKLMNOPQRSTUVWXYZ abcdefghijklmnopqrstuvwxyz 0123456789',
    'ـ ً ٌ ٍ َ ُ ِ ّ ْ ٓ ٔ ٕ ٰ',
    'فُسْتَانُ سَهْرَة مُطَرَّزَة',
    'عباءة أحمر إسوارة آمنة مؤتمر رئيس مستشفى',
    'Élan Çà 100% _x_ \\ \' "',
    'ء ا ب ت ث ج ح خ د ذ ر ز س ش ص ض ط ظ ع غ ف ق ك ل م ن ه و ي',
  ];

  it('agree on every sample, character for character', async () => {
    for (const sample of samples) {
      const result = await t.database.db.execute(sql`select search_normalize(${sample}) as value`);
      // Both drivers answer `execute` with `{ rows }`; the shared Db type does not say so.
      const [row] = (result as unknown as { rows: Array<{ value: string }> }).rows;
      expect(row?.value, sample).toBe(normalizeSearchText(sample));
    }
  });

  it('store the names as the search compares them', async () => {
    await createProduct(t, { name: 'Rose Dress', nameAr: 'فُسْتَان وَرْدِيّ' });
    const result = await t.database.db.execute(sql`select search_text from products`);
    const [row] = (result as unknown as { rows: Array<{ search_text: string }> }).rows;
    expect(row?.search_text).toBe(`rose dress ${searchTerm('فُسْتَان وَرْدِيّ')}`);
  });
});
