import { count, inArray, sql } from 'drizzle-orm';
import { CATEGORY_NAMES, PRODUCT_IMAGE_WIDTHS } from '@/shared/constants';
import { finalPricePiastres, toPiastres } from '@/shared/money';
import { hashPassword } from '../../auth/passwords';
import { FALLBACK_CATEGORY_SLUG, FALLBACK_PRODUCT_SLUG, slugify } from '../../catalog/slugs';
import {
  CATEGORY_IMAGE_WIDTHS,
  deleteStoredImage,
  encodeRawImage,
  saveEncodedImage,
} from '../../images/pipeline';
import type { ObjectStore } from '../../storage/types';
import type { Db } from '../client';
import { refreshVariantTotals } from '../../stock/stock';
import { categories, products, productVariants, users, type StoredImage } from '../schema';
import { renderArtwork, type Artwork, type View } from './artwork';
import { CATEGORY_NAMES_AR, DEMO_CATALOGUE, type DemoProduct } from './demo-catalogue';
import { DEMO_SIZE_GUIDES, demoVariants } from './demo-variants';

export interface DemoCredentials {
  email: string;
  password: string;
}

export interface DemoSeedResult {
  admin: DemoCredentials;
  user: DemoCredentials;
}

export const DEMO_ADMIN = { email: 'admin@nour.shop', password: 'Admin123', username: 'Nour Admin' } as const;
export const DEMO_USER = { email: 'user@nour.shop', password: 'User1234', username: 'Salma' } as const;

/** Soft backdrops, two tones each; neighbouring products get different ones. */
const BACKDROPS: ReadonlyArray<readonly [string, string]> = [
  ['#fde2e4', '#fad2e1'],
  ['#e2ece9', '#cddafd'],
  ['#fff1e6', '#f0efeb'],
  ['#dfe7fd', '#e2ece9'],
  ['#fbe7c6', '#f6e6e4'],
  ['#eae4e9', '#dfe7fd'],
  ['#f0efeb', '#d8e2dc'],
  ['#fef3e2', '#fde2e4'],
];

/** The extra pictures of a product, after its front view; 2 to 4 of them. */
const SUB_VIEWS: readonly View[] = ['detail', 'angle', 'back'];

const DAY_MS = 24 * 60 * 60 * 1000;
/** Pictures drawn at once: sharp encodes each picture's sizes in parallel already, and cores are shared. */
const RENDER_CONCURRENCY = 3;
/** Any number: it only has to be the same for every process that seeds. */
const SEED_LOCK_ID = 7_310_421;

interface PlannedProduct {
  category: (typeof CATEGORY_NAMES)[number];
  product: DemoProduct;
  index: number;
  pictures: Artwork[];
}

function plan(): PlannedProduct[] {
  const planned: PlannedProduct[] = [];
  for (const category of CATEGORY_NAMES) {
    for (const product of DEMO_CATALOGUE[category]) {
      const index = planned.length;
      const base = {
        kind: product.kind,
        colour: product.colour,
        pattern: product.pattern ?? 'plain',
        accent: product.accent ?? '#ffffff',
        backdrop: BACKDROPS[index % BACKDROPS.length]!,
      };
      const extra = 2 + (index % 3);
      const views: View[] = ['front', ...SUB_VIEWS.slice(0, Math.min(extra, SUB_VIEWS.length))];
      const pictures: Artwork[] = views.map((view) => ({ ...base, view }));
      // A fourth extra picture: the front again, styled on another backdrop.
      if (extra > SUB_VIEWS.length) {
        pictures.push({ ...base, view: 'front', backdrop: BACKDROPS[(index + 3) % BACKDROPS.length]! });
      }
      planned.push({ category, product, index, pictures });
    }
  }
  return planned;
}

/** Runs `work` on every item, at most `limit` at a time, keeping the order of the answers. */
async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  async function worker() {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

class AlreadySeeded extends Error {}

async function hasProducts(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(products);
  return (row?.n ?? 0) > 0;
}

/**
 * Fills an empty shop with the demo catalogue (DESIGN §4): the seven categories, about sixty products
 * with pictures drawn on the spot, a demo admin and a demo shopper. Does nothing (and answers null)
 * when there are products already. The pictures are made before the one short transaction, since
 * PGlite runs one transaction at a time; if the transaction fails, they are removed again.
 *
 * The answer's passwords are those of the accounts created here; an account that already existed
 * under one of the demo emails is left as it was.
 */
export async function seedDemoCatalogue(options: {
  db: Db;
  store: ObjectStore;
  log?: { info(message: string): void };
}): Promise<DemoSeedResult | null> {
  const { db, store, log } = options;
  if (await hasProducts(db)) return null;
  const started = Date.now();
  const planned = plan();
  const written: StoredImage[] = [];

  try {
    const productImages = await mapLimit(planned, RENDER_CONCURRENCY, async (item) => {
      const images: StoredImage[] = [];
      for (const art of item.pictures) {
        const encoded = await encodeRawImage(await renderArtwork(art), PRODUCT_IMAGE_WIDTHS);
        const image = await saveEncodedImage(store, 'products', encoded);
        written.push(image);
        images.push(image);
      }
      return images;
    });

    const categoryImages = await mapLimit(CATEGORY_NAMES, RENDER_CONCURRENCY, async (name) => {
      const first = planned.find((item) => item.category === name)!;
      const art: Artwork = {
        ...first.pictures[0]!,
        backdrop: BACKDROPS[(CATEGORY_NAMES.indexOf(name) + 5) % BACKDROPS.length]!,
      };
      const image = await saveEncodedImage(
        store,
        'categories',
        await encodeRawImage(await renderArtwork(art), CATEGORY_IMAGE_WIDTHS),
      );
      written.push(image);
      return image;
    });

    const [adminHash, userHash] = await Promise.all([
      hashPassword(DEMO_ADMIN.password),
      hashPassword(DEMO_USER.password),
    ]);

    const now = Date.now();
    await db.transaction(async (tx) => {
      // Two processes starting on one empty PostgreSQL database: the second waits here, then sees products.
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
      const [row] = await tx.select({ n: count() }).from(products);
      if ((row?.n ?? 0) > 0) throw new AlreadySeeded();

      const slugs = CATEGORY_NAMES.map((name) => slugify(name, FALLBACK_CATEGORY_SLUG));
      const existing = await tx
        .select({ id: categories.id, slug: categories.slug })
        .from(categories)
        .where(inArray(categories.slug, slugs));
      const idBySlug = new Map(existing.map((category) => [category.slug, category.id]));
      const missing = CATEGORY_NAMES.map((name, i) => ({
        name,
        nameAr: CATEGORY_NAMES_AR[name],
        slug: slugs[i]!,
        image: categoryImages[i]!,
        sizeGuide: DEMO_SIZE_GUIDES[name] ?? null,
      })).filter((category) => !idBySlug.has(category.slug));
      if (missing.length > 0) {
        const inserted = await tx
          .insert(categories)
          .values(missing)
          .returning({ id: categories.id, slug: categories.slug });
        for (const category of inserted) idBySlug.set(category.slug, category.id);
      }

      const variantsOf = planned.map(({ category, product, index }) =>
        demoVariants(category, product, index),
      );
      const inserted = await tx
        .insert(products)
        .values(
          planned.map(({ category, product, index }) => {
            const price = toPiastres(product.price);
            const discount = product.discount ?? 0;
            const [defaultImage, ...subImages] = productImages[index]!;
            // Spread over the last four months, so "newest" mixes the categories.
            const createdAt = new Date(
              now - ((index * 17) % 120) * DAY_MS - ((index * 3637) % 86_400) * 1000,
            );
            return {
              name: product.name,
              slug: slugify(product.name, FALLBACK_PRODUCT_SLUG),
              description: product.description,
              nameAr: product.nameAr,
              descriptionAr: product.descriptionAr,
              pricePiastres: price,
              discount,
              finalPricePiastres: finalPricePiastres(price, discount),
              availableItems: product.stock ?? 4 + ((index * 13) % 40),
              soldItems: (index * 7) % 26,
              categoryId: idBySlug.get(slugify(category, FALLBACK_CATEGORY_SLUG))!,
              defaultImage: defaultImage!,
              subImages,
              options: variantsOf[index]?.options ?? [],
              createdAt,
              updatedAt: createdAt,
            };
          }),
        )
        .returning({ id: products.id });
      // Clothing's stock is its sizes' (and colours'): the products' totals follow from the variants.
      const variantRows = inserted.flatMap(({ id }, index) =>
        (variantsOf[index]?.variants ?? []).map((variant, position) => ({
          productId: id,
          position,
          ...variant,
        })),
      );
      if (variantRows.length > 0) {
        await tx.insert(productVariants).values(variantRows);
        await refreshVariantTotals(
          tx,
          inserted.filter((_, index) => variantsOf[index]).map(({ id }) => id),
        );
      }

      await tx
        .insert(users)
        .values([
          { email: DEMO_ADMIN.email, username: DEMO_ADMIN.username, role: 'admin', passwordHash: adminHash },
          { email: DEMO_USER.email, username: DEMO_USER.username, role: 'user', passwordHash: userHash },
        ])
        .onConflictDoNothing({ target: users.email });
    });
  } catch (error) {
    await Promise.allSettled(written.map((image) => deleteStoredImage(store, image)));
    if (error instanceof AlreadySeeded) return null;
    throw error;
  }

  log?.info(
    `Demo catalogue: ${planned.length} products in ${CATEGORY_NAMES.length} categories, ` +
      `${written.length} pictures, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return {
    admin: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
    user: { email: DEMO_USER.email, password: DEMO_USER.password },
  };
}
