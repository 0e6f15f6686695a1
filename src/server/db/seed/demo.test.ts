import { verify } from '@node-rs/argon2';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_NAMES } from '@/shared/constants';
import { finalPricePiastres } from '@/shared/money';
import { variantKey } from '../../images/urls';
import { createTestApp, type TestApp } from '../../test/app';
import { categories, products, productVariants, users, type StoredImage } from '../schema';
import { seedDemoCatalogue, type DemoSeedResult } from './demo';

describe('seedDemoCatalogue', () => {
  let t: TestApp;
  let result: DemoSeedResult | null;
  let seconds: number;

  beforeAll(async () => {
    t = await createTestApp();
    const started = Date.now();
    result = await seedDemoCatalogue({ db: t.database.db, store: t.store });
    seconds = (Date.now() - started) / 1000;
  }, 120_000);
  afterAll(() => t.close());

  const exists = (key: string) => existsSync(join(t.storeDir, key));

  function allPresent(image: StoredImage | null): boolean {
    if (!image) return false;
    const keys = [image.key, ...image.widths.map((width) => variantKey(image.key, width))];
    return keys.every(exists);
  }

  it('answers the demo sign-in details', () => {
    expect(result).toEqual({
      admin: { email: 'admin@nour.shop', password: 'Admin123' },
      user: { email: 'user@nour.shop', password: 'User1234' },
    });
    // Generous: the pictures take a few seconds on an idle machine, and test machines are shared.
    expect(seconds).toBeLessThan(90);
  });

  it('creates the seven categories of SPEC §3, each with a picture', async () => {
    const rows = await t.database.db.select().from(categories);
    expect(rows.map((row) => row.name).sort()).toEqual([...CATEGORY_NAMES].sort());
    expect(rows.map((row) => row.slug)).toContain('mother-and-child');
    for (const row of rows) expect(allPresent(row.image), row.name).toBe(true);
    const arabic = Object.fromEntries(rows.map((row) => [row.name, row.nameAr]));
    expect(arabic).toMatchObject({ Women: 'نسائي', 'Mother and Child': 'الأم والطفل' });
  });

  it('writes every product and category in Arabic too (issue 14)', async () => {
    const arabicLetters = /^[\u0600-\u06FF]/;
    for (const row of await t.database.db.select().from(categories)) {
      expect(row.nameAr, row.name).toMatch(arabicLetters);
    }
    const rows = await t.database.db.select().from(products);
    for (const row of rows) {
      expect(row.nameAr, row.name).toMatch(arabicLetters);
      expect(row.descriptionAr.length, row.name).toBeGreaterThan(30);
    }
    // Each a name of its own, as the English ones are.
    expect(new Set(rows.map((row) => row.nameAr)).size).toBe(rows.length);
  });

  it('creates about sixty products across every category, with prices, discounts and stock', async () => {
    const rows = await t.database.db.select().from(products);
    expect(rows.length).toBeGreaterThanOrEqual(55);
    expect(rows.length).toBeLessThanOrEqual(70);
    expect(new Set(rows.map((row) => row.slug)).size).toBe(rows.length);
    expect(new Set(rows.map((row) => row.categoryId)).size).toBe(7);
    for (const row of rows) {
      expect(row.pricePiastres).toBeGreaterThanOrEqual(150_00);
      expect(row.pricePiastres).toBeLessThanOrEqual(3500_00);
      expect(row.finalPricePiastres).toBe(finalPricePiastres(row.pricePiastres, row.discount));
      expect(row.subImages.length).toBeGreaterThanOrEqual(2);
      expect(row.subImages.length).toBeLessThanOrEqual(4);
    }
    const discounted = rows.filter((row) => row.discount > 0);
    expect(discounted.length).toBeGreaterThanOrEqual(5);
    expect(discounted.every((row) => row.discount >= 10 && row.discount <= 50)).toBe(true);
    const soldOut = rows.filter((row) => row.availableItems === 0);
    expect(soldOut.length).toBeGreaterThanOrEqual(3);
    expect(soldOut.length).toBeLessThan(rows.length / 4);
    expect(new Set(rows.map((row) => row.createdAt.toDateString())).size).toBeGreaterThan(20);
  });

  it('gives clothing sizes (adults S to XL, children by age) and some colours; accessories none', async () => {
    const rows = await t.database.db
      .select({ product: products, category: categories.name })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId));
    const byCategory = (name: string) => rows.filter((row) => row.category === name);
    expect(byCategory('Accessories').every((row) => row.product.options.length === 0)).toBe(true);
    const women = byCategory('Women').filter((row) => row.product.options.length > 0);
    expect(women.length).toBeGreaterThan(3);
    expect(women[0]!.product.options[0]).toEqual({ name: 'Size', values: ['S', 'M', 'L', 'XL'] });
    const girls = byCategory('Girls').find((row) => row.product.options.length > 0);
    expect(girls?.product.options[0]?.values).toContain('2Y');
    const babies = byCategory('New Born Girls').find((row) => row.product.options.length > 0);
    expect(babies?.product.options[0]?.values).toContain('0-3M');
    const colours = rows.flatMap((row) => row.product.options.filter((option) => option.name === 'Color'));
    expect(colours.length).toBeGreaterThan(0);
    // Each demo colour has its Arabic name (issue 35): Navy is كحلي, Sand رملي on Arabic pages.
    for (const colour of colours) {
      expect(colour.valuesAr).toHaveLength(colour.values.length);
      expect(colour.valuesAr?.every((value) => /[\u0600-\u06ff]/.test(value))).toBe(true);
    }
    expect(colours.find((colour) => colour.values.includes('Navy'))?.valuesAr).toContain('كحلي');

    const variants = await t.database.db.select().from(productVariants);
    expect(new Set(variants.map((variant) => variant.sku)).size).toBe(variants.length);
    const soldOut = variants.filter((variant) => variant.availableItems === 0);
    expect(soldOut.length).toBeGreaterThan(3);
    expect(soldOut.length).toBeLessThan(variants.length / 3);
    // A product with variants totals them.
    for (const { product } of rows.filter((row) => row.product.options.length > 0)) {
      const own = variants.filter((variant) => variant.productId === product.id);
      expect(product.availableItems).toBe(own.reduce((sum, variant) => sum + variant.availableItems, 0));
    }
    const [women0] = await t.database.db.select().from(categories).where(eq(categories.name, 'Women'));
    expect(women0?.sizeGuide?.columns[0]).toBe('Size');
    expect(women0?.sizeGuide?.columnsAr?.[0]).toBe('المقاس');
  });

  it('stores every product picture, with its smaller copies, as WebP', async () => {
    const rows = await t.database.db.select().from(products);
    for (const row of rows) {
      for (const image of [row.defaultImage, ...row.subImages]) {
        expect(allPresent(image), `${row.name}: ${image?.key}`).toBe(true);
      }
    }
    const sample = await t.store.get(rows[0]!.defaultImage!.key);
    const chunks: Buffer[] = [];
    for await (const chunk of sample!.body) chunks.push(chunk as Buffer);
    const meta = await sharp(Buffer.concat(chunks)).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 640, height: 800 });
  });

  it('creates a demo admin and a demo shopper with argon2id hashes of their passwords', async () => {
    const [admin] = await t.database.db.select().from(users).where(eq(users.email, 'admin@nour.shop'));
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'user@nour.shop'));
    expect(admin?.role).toBe('admin');
    expect(user?.role).toBe('user');
    expect(admin?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verify(admin!.passwordHash, 'Admin123')).toBe(true);
    expect(await verify(user!.passwordHash, 'User1234')).toBe(true);
  });

  it('does nothing the second time', async () => {
    const before = await t.database.db.select({ n: count() }).from(products);
    expect(await seedDemoCatalogue({ db: t.database.db, store: t.store })).toBeNull();
    const after = await t.database.db.select({ n: count() }).from(products);
    expect(after).toEqual(before);
    expect((await t.database.db.select({ n: count() }).from(users))[0]?.n).toBe(2);
  });
});
