import { sql, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, products } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { createCategory, createProduct } from '../test/catalog-fixtures';
import { FALLBACK_PRODUCT_SLUG, slugify, takenSlugsQuery, uniqueSlug } from './slugs';

describe('slugify', () => {
  it.each([
    ['Velvet Abaya', 'velvet-abaya'],
    ['  Mama & Mini: Striped Tees!  ', 'mama-mini-striped-tees'],
    ["Robe d'été", 'robe-d-ete'],
    ['فُستان صيفي', 'فستان-صيفي'],
    ['Size 2 Romper', 'size-2-romper'],
  ])('%s → %s', (name, slug) => {
    expect(slugify(name, FALLBACK_PRODUCT_SLUG)).toBe(slug);
  });

  it('falls back for a name without letters or digits', () => {
    expect(slugify('***', FALLBACK_PRODUCT_SLUG)).toBe('product');
  });

  it('cuts a long name at 80 characters without a trailing dash', () => {
    const slug = slugify(`${'a'.repeat(79)} b`, FALLBACK_PRODUCT_SLUG);
    expect(slug).toBe('a'.repeat(79));
  });
});

describe('uniqueSlug', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const slugFor = (base: string, ownId?: string) => uniqueSlug(t.database.db, products, base, ownId);

  it('answers the base while it is free, and ignores slugs that only start like it', async () => {
    await createProduct(t, { slug: 'linen-dress-long' });
    await createProduct(t, { slug: 'linen-dress-2b' });
    expect(await slugFor('linen-dress')).toBe('linen-dress');
  });

  it('answers the first free number: base-2, then the gaps', async () => {
    await createProduct(t, { slug: 'silk-scarf' });
    expect(await slugFor('silk-scarf')).toBe('silk-scarf-2');
    await createProduct(t, { slug: 'silk-scarf-2' });
    await createProduct(t, { slug: 'silk-scarf-4' });
    expect(await slugFor('silk-scarf')).toBe('silk-scarf-3');
  });

  it('goes on past the first batch of candidates', async () => {
    await createProduct(t, { slug: 'basic-tee' });
    for (let n = 2; n <= 45; n += 1) await createProduct(t, { slug: `basic-tee-${n}` });
    expect(await slugFor('basic-tee')).toBe('basic-tee-46');
  });

  it("keeps a renamed row's own slug when it comes from the base, and moves it to the base once free", async () => {
    const holder = await createProduct(t, { slug: 'wool-coat' });
    const renamed = await createProduct(t, { slug: 'wool-coat-7' });
    expect(await slugFor('wool-coat', renamed.id)).toBe('wool-coat-7');
    expect(await slugFor('wool-coat', holder.id)).toBe('wool-coat');
    await t.database.db.delete(products).where(sql`${products.id} = ${holder.id}`);
    expect(await slugFor('wool-coat', renamed.id)).toBe('wool-coat');
  });

  it('works on categories too', async () => {
    await createCategory(t, { slug: 'night-wear' });
    expect(await uniqueSlug(t.database.db, categories, 'night-wear')).toBe('night-wear-2');
  });

  it("finds taken slugs through the slug index even under a non-C collation, where LIKE 'base-%' cannot", async () => {
    let plan = '';
    const rolledBack = t.database.db.transaction(async (tx) => {
      // Most PostgreSQL servers are created with a linguistic collation; the test databases use C.
      // The card is generated from the slug, so it goes first (the whole change is rolled back).
      await tx.execute(sql`alter table products drop column card`);
      await tx.execute(sql`alter table products alter column slug type text collate "und-x-icu"`);
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(sql`explain ${takenSlugsQuery(tx, products, ['dress', 'dress-2'])}`);
      const rows = (result as unknown as { rows: Array<Record<string, string>> }).rows;
      plan = rows.map((row) => Object.values(row).join(' ')).join('\n');
      tx.rollback();
    });
    await expect(rolledBack).rejects.toBeInstanceOf(TransactionRollbackError);
    expect(plan).toContain('products_slug_unique');
    expect(plan).toMatch(/Index Cond: \(slug = ANY/);
  });
});
