import { inArray, sql } from 'drizzle-orm';
import { randomBytes, randomUUID } from 'node:crypto';
import { CATEGORY_NAMES, PRODUCT_IMAGE_WIDTHS } from '@/shared/constants';
import { finalPricePiastres } from '@/shared/money';
import { FALLBACK_CATEGORY_SLUG, FALLBACK_PRODUCT_SLUG, slugify } from '../../catalog/slugs';
import { encodeRawImage, saveEncodedImage } from '../../images/pipeline';
import type { ObjectStore } from '../../storage/types';
import type { Db, Tx } from '../client';
import type { ProductOption } from '@/shared/schemas/variants';
import { categories, type StoredImage } from '../schema';
import { renderArtwork, type Artwork } from './artwork';
import { CATEGORY_NAMES_AR } from './demo-catalogue';

/** Rows per INSERT: big enough to be quick, far below PostgreSQL's 65,535 parameters per statement. */
const ROWS_PER_INSERT = 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Image keys the generated products share, so a hundred thousand rows need no image work. The files
 * need not exist for listing benchmarks; `seed-large` draws real ones for a catalogue people look at.
 * Deleting one such product through the admin deletes the shared files too: these are test data.
 */
export const SHARED_IMAGE_KEYS: readonly StoredImage[] = Array.from({ length: 6 }, (_, i) => ({
  key: `products/large-seed-${i + 1}.webp`,
  widths: [320],
}));

const SHARED_PICTURES: Array<Pick<Artwork, 'kind' | 'colour' | 'pattern' | 'accent' | 'backdrop'>> = [
  {
    kind: 'dress',
    colour: '#d98c9a',
    pattern: 'floral',
    accent: '#fff6e0',
    backdrop: ['#fde2e4', '#fad2e1'],
  },
  { kind: 'tee', colour: '#4fb3bf', pattern: 'stripes', accent: '#ffffff', backdrop: ['#e2ece9', '#cddafd'] },
  { kind: 'romper', colour: '#c8b6e2', pattern: 'dots', accent: '#ffffff', backdrop: ['#fff1e6', '#f0efeb'] },
  { kind: 'bag', colour: '#8c2f45', pattern: 'plain', accent: '#ffffff', backdrop: ['#dfe7fd', '#e2ece9'] },
  {
    kind: 'trousers',
    colour: '#3e5c8a',
    pattern: 'plain',
    accent: '#ffffff',
    backdrop: ['#fbe7c6', '#f6e6e4'],
  },
  {
    kind: 'kaftan',
    colour: '#2f7d6d',
    pattern: 'plain',
    accent: '#f6e2a1',
    backdrop: ['#eae4e9', '#dfe7fd'],
  },
];

/** A handful of drawn pictures, written to `store`, for a large catalogue people look at to share. */
export async function drawSharedPictures(store: ObjectStore): Promise<StoredImage[]> {
  const images: StoredImage[] = [];
  for (const picture of SHARED_PICTURES) {
    const raw = await renderArtwork({ ...picture, view: 'front' });
    images.push(await saveEncodedImage(store, 'products', await encodeRawImage(raw, PRODUCT_IMAGE_WIDTHS)));
  }
  return images;
}

const ADJECTIVES = [
  'Amira',
  'Layla',
  'Nile',
  'Zahra',
  'Cairo',
  'Sahara',
  'Oasis',
  'Jasmine',
  'Velvet',
  'Riviera',
  'Sunday',
  'Garden',
  'Harbour',
  'Desert',
  'Lotus',
  'Coral',
  'Luxor',
  'Aswan',
  'Siwa',
  'Dahab',
  'Golden',
  'Little',
  'Classic',
  'Breezy',
  'Cosy',
  'Festive',
  'Soft',
  'Everyday',
  'Weekend',
  'Evening',
  'Moonlight',
  'Palm',
  'Citrus',
  'Marina',
  'Alexandria',
  'Fayoum',
  'Sinai',
  'Zamalek',
  'Maadi',
  'Heliopolis',
];
const COLOURS = [
  'Rose',
  'Blush',
  'Ivory',
  'Sand',
  'Olive',
  'Emerald',
  'Navy',
  'Terracotta',
  'Mustard',
  'Lilac',
  'Mint',
  'Sky',
  'Burgundy',
  'Cream',
  'Charcoal',
  'Teal',
  'Peach',
  'Sage',
  'Coral',
  'Denim',
];
const MATERIALS = [
  'Linen',
  'Cotton',
  'Silk-Blend',
  'Knit',
  'Chiffon',
  'Denim',
  'Velvet',
  'Jersey',
  'Poplin',
  'Satin',
  'Crochet',
  'Muslin',
  'Wool-Blend',
  'Gingham',
  'Embroidered',
  'Pleated',
  'Ribbed',
  'Printed',
];
const PIECES = [
  'Maxi Dress',
  'Midi Dress',
  'Wrap Dress',
  'Kaftan',
  'Abaya',
  'Blouse',
  'Shirt',
  'Tee',
  'Cardigan',
  'Blazer',
  'Trousers',
  'Jeans',
  'Shorts',
  'Skirt',
  'Romper',
  'Bodysuit',
  'Sleepsuit',
  'Booties',
  'Beanie',
  'Sun Hat',
  'Tote',
  'Crossbody Bag',
  'Scarf',
  'Necklace',
  'Earrings',
  'Sunglasses',
  'Jumpsuit',
  'Hoodie',
  'Pyjama Set',
  'Dress Set',
];

/*
 * The Arabic names (issue 14) are made of the same picks: each list below holds the Arabic of the
 * English list of its name, word for word in the same order. Arabic reads `piece material colour name`
 * ('فستان ماكسي كتان وردي أميرة'); a colour or material that is an adjective agrees with the piece.
 */
type Gendered = readonly [masculine: string, feminine: string];
const ADJECTIVES_AR: readonly string[] = [
  'أميرة',
  'ليلى',
  'النيل',
  'زهرة',
  'القاهرة',
  'صحراء',
  'واحة',
  'ياسمين',
  'قطيفة',
  'ريفييرا',
  'صنداي',
  'جاردن',
  'هاربر',
  'ديزرت',
  'لوتس',
  'كورال',
  'الأقصر',
  'أسوان',
  'سيوة',
  'دهب',
  'جولدن',
  'ميني',
  'كلاسيك',
  'نسيم',
  'دفء',
  'العيد',
  'سوفت',
  'كل يوم',
  'ويك إند',
  'سهرة',
  'ضوء القمر',
  'النخيل',
  'ليمون',
  'مارينا',
  'الإسكندرية',
  'الفيوم',
  'سيناء',
  'الزمالك',
  'المعادي',
  'مصر الجديدة',
];
const COLOURS_AR: readonly Gendered[] = [
  ['وردي', 'وردية'],
  ['بينك فاتح', 'بينك فاتح'],
  ['عاجي', 'عاجية'],
  ['رملي', 'رملية'],
  ['زيتي', 'زيتية'],
  ['زمردي', 'زمردية'],
  ['كحلي', 'كحلية'],
  ['تيراكوتا', 'تيراكوتا'],
  ['مسطردة', 'مسطردة'],
  ['ليلكي', 'ليلكية'],
  ['نعناعي', 'نعناعية'],
  ['سماوي', 'سماوية'],
  ['نبيتي', 'نبيتية'],
  ['كريمي', 'كريمية'],
  ['فحمي', 'فحمية'],
  ['تركوازي', 'تركوازية'],
  ['خوخي', 'خوخية'],
  ['أخضر فاتح', 'خضراء فاتحة'],
  ['مرجاني', 'مرجانية'],
  ['أزرق جينز', 'زرقاء جينز'],
];
const MATERIALS_AR: readonly Gendered[] = [
  ['كتان', 'كتان'],
  ['قطن', 'قطن'],
  ['خليط حرير', 'خليط حرير'],
  ['تريكو', 'تريكو'],
  ['شيفون', 'شيفون'],
  ['جينز', 'جينز'],
  ['قطيفة', 'قطيفة'],
  ['جيرسيه', 'جيرسيه'],
  ['بوبلين', 'بوبلين'],
  ['ساتان', 'ساتان'],
  ['كروشيه', 'كروشيه'],
  ['موسلين', 'موسلين'],
  ['خليط صوف', 'خليط صوف'],
  ['كاروه', 'كاروه'],
  ['مطرز', 'مطرزة'],
  ['بليسيه', 'بليسيه'],
  ['مضلع', 'مضلعة'],
  ['مطبوع', 'مطبوعة'],
];
/** Each piece's Arabic and whether it is feminine (the colour and material agree with it). */
const PIECES_AR: ReadonlyArray<readonly [piece: string, feminine: boolean]> = [
  ['فستان ماكسي', false],
  ['فستان ميدي', false],
  ['فستان ملفوف', false],
  ['قفطان', false],
  ['عباية', true],
  ['بلوزة', true],
  ['قميص', false],
  ['تيشيرت', false],
  ['كارديجان', false],
  ['بليزر', false],
  ['بنطلون', false],
  ['بنطلون جينز', false],
  ['شورت', false],
  ['تنورة', true],
  ['رومبر', false],
  ['بادي', false],
  ['أفرول نوم', false],
  ['حذاء أطفال', false],
  ['طاقية', true],
  ['قبعة شمس', true],
  ['حقيبة توت', true],
  ['حقيبة كروس', true],
  ['إيشارب', false],
  ['عقد', false],
  ['حلق', false],
  ['نظارة شمس', true],
  ['جمبسوت', false],
  ['هودي', false],
  ['طقم بيجامة', false],
  ['طقم فساتين', false],
];
const STYLES = ['relaxed', 'tailored', 'flowing', 'classic', 'playful'];
const STYLES_AR = ['مريحة', 'مفصلة', 'منسدلة', 'كلاسيكية', 'مرحة'];
const OCCASIONS = ['everyday wear', 'celebrations', 'summer days', 'cool evenings', 'family outings'];
const OCCASIONS_AR = [
  'للاستخدام اليومي',
  'للمناسبات',
  'لأيام الصيف',
  'للأمسيات الباردة',
  'للخروجات العائلية',
];

/** What generated names are made of (`adjective colour material piece`): the words a benchmark searches for. */
export const GENERATED_NAME_WORDS = {
  adjectives: ADJECTIVES,
  colours: COLOURS,
  materials: MATERIALS,
  pieces: PIECES,
} as const;

/** Pieces sold in one size: no variants, one stock figure. */
const ONE_SIZE = new Set([
  'Booties',
  'Beanie',
  'Sun Hat',
  'Tote',
  'Crossbody Bag',
  'Scarf',
  'Necklace',
  'Earrings',
  'Sunglasses',
]);

/** Five sizes per category: adults by letter, children and babies by age (issue 13). */
const SIZES_BY_CATEGORY: Record<(typeof CATEGORY_NAMES)[number], string[]> = {
  'New Born Girls': ['0-3M', '3-6M', '6-9M', '9-12M', '12-18M'],
  'New Born Boys': ['0-3M', '3-6M', '6-9M', '9-12M', '12-18M'],
  Girls: ['2Y', '4Y', '6Y', '8Y', '10Y'],
  Boys: ['2Y', '4Y', '6Y', '8Y', '10Y'],
  'Mother and Child': ['XS', 'S', 'M', 'L', 'XL'],
  Women: ['XS', 'S', 'M', 'L', 'XL'],
  Accessories: [],
};

/** A small, fast, seedable generator (mulberry32): the same count gives the same catalogue. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  /** A random position in `items`: the Arabic names take the same word from their twin lists. */
  const index = (items: readonly unknown[]) => Math.floor(next() * items.length);
  const pick = <T>(items: readonly T[]): T => items[index(items)]!;
  return { next, int, index, pick };
}

/** The category ids in CATEGORY_NAMES' order, creating any of the seven that is missing. */
async function ensureCategories(db: Db, image: StoredImage | null): Promise<string[]> {
  const slugs = CATEGORY_NAMES.map((name) => slugify(name, FALLBACK_CATEGORY_SLUG));
  await db
    .insert(categories)
    .values(
      CATEGORY_NAMES.map((name, i) => ({ name, nameAr: CATEGORY_NAMES_AR[name], slug: slugs[i]!, image })),
    )
    .onConflictDoNothing({ target: categories.slug });
  const rows = await db
    .select({ id: categories.id, slug: categories.slug })
    .from(categories)
    .where(inArray(categories.slug, slugs));
  const idOf = new Map(rows.map((row) => [row.slug, row.id]));
  return slugs.map((slug) => idOf.get(slug)!);
}

/** From this many rows on, the secondary indexes are dropped during the load and built again after. */
const REBUILD_INDEXES_FROM = 20_000;

const COLUMNS = [
  'id',
  'name',
  'slug',
  'description',
  'name_ar',
  'description_ar',
  'price_piastres',
  'discount',
  'final_price_piastres',
  'available_items',
  'sold_items',
  'category_id',
  'default_image',
  'sub_images',
  'rating_sum',
  'rating_count',
  'created_at',
  'updated_at',
  'options',
  'options_in_stock',
  'in_stock_sizes',
  'in_stock_colors',
] as const;

interface GeneratedVariant {
  sku: string;
  size: string;
  colour: string;
  availableItems: number;
}

interface GeneratedProduct {
  id: string;
  name: string;
  slug: string;
  description: string;
  nameAr: string;
  descriptionAr: string;
  pricePiastres: number;
  discount: number;
  finalPricePiastres: number;
  availableItems: number;
  soldItems: number;
  categoryId: string;
  defaultImage: StoredImage;
  subImages: StoredImage[];
  ratingSum: number;
  ratingCount: number;
  createdAt: Date;
  options: ProductOption[];
  variants: GeneratedVariant[];
}

/** Text as an SQL literal. Every value here is generated by this file, never typed by a person. */
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * One row as SQL literals. Plain SQL, not the query builder: building 100,000 rows × 15 parameters
 * through the builder costs more than PostgreSQL's own work on them.
 */
function valuesOf(row: GeneratedProduct): string {
  const created = literal(row.createdAt.toISOString());
  const stocked = row.variants.filter((variant) => variant.availableItems > 0);
  const sizes = [...new Set(stocked.map((variant) => variant.size))];
  const colours = [...new Set(stocked.map((variant) => variant.colour))];
  const inStock = row.options.length > 0 ? { Size: sizes, Color: colours } : {};
  const textArray = (values: string[]) => `array[${values.map(literal).join(', ')}]::text[]`;
  return `(${[
    literal(row.id),
    literal(row.name),
    literal(row.slug),
    literal(row.description),
    literal(row.nameAr),
    literal(row.descriptionAr),
    row.pricePiastres,
    row.discount,
    row.finalPricePiastres,
    row.availableItems,
    row.soldItems,
    literal(row.categoryId),
    `${literal(JSON.stringify(row.defaultImage))}::jsonb`,
    `${literal(JSON.stringify(row.subImages))}::jsonb`,
    row.ratingSum,
    row.ratingCount,
    created,
    created,
    `${literal(JSON.stringify(row.options))}::jsonb`,
    `${literal(JSON.stringify(inStock))}::jsonb`,
    textArray(sizes),
    textArray(colours),
  ].join(', ')})`;
}

function variantValuesOf(product: GeneratedProduct): string[] {
  return product.variants.map(
    (variant, position) =>
      `(${[
        literal(product.id),
        literal(variant.sku),
        `${literal(JSON.stringify({ Size: variant.size, Color: variant.colour }))}::jsonb`,
        variant.availableItems,
        position,
      ].join(', ')})`,
  );
}

/** Drops a table's indexes other than its keys, answering the statements that rebuild them. */
async function dropSecondaryIndexes(tx: Tx, table: 'products' | 'product_variants'): Promise<string[]> {
  const result = await tx.execute(sql`
    select i.indexname as name, i.indexdef as definition
    from pg_indexes i
    join pg_class c on c.relname = i.indexname
    join pg_index x on x.indexrelid = c.oid
    where i.schemaname = current_schema() and i.tablename = ${table}
      and not x.indisunique and not x.indisprimary`);
  const indexes = (result as unknown as { rows: Array<{ name: string; definition: string }> }).rows;
  for (const index of indexes) await tx.execute(sql.raw(`drop index "${index.name.replaceAll('"', '""')}"`));
  return indexes.map((index) => index.definition);
}

export interface LargeSeedOptions {
  count: number;
  /** Pictures the products share; by default keys that need no files (see SHARED_IMAGE_KEYS). */
  images?: readonly StoredImage[];
  seed?: number;
  /** Drop the secondary indexes during the load and build them after; by default from 20,000 rows on. */
  rebuildIndexes?: boolean;
}

/**
 * Adds `count` products for benchmarks and for trying the shop at scale: varied names (so trigram search
 * meets realistic text), prices from 150 to 3,500 EGP, discounts, stock, ratings and two years of dates,
 * spread over the seven categories; clothing in five sizes of one colour (about five variants a product,
 * some sold out), accessories without variants. One transaction, a thousand rows per INSERT: 100,000 rows take
 * seconds. Slugs carry a per-run suffix, so it can run again on the same database.
 */
export async function seedLargeCatalogue(db: Db, options: LargeSeedOptions): Promise<{ inserted: number }> {
  const count = Math.max(0, Math.floor(options.count));
  const images = options.images && options.images.length > 0 ? options.images : SHARED_IMAGE_KEYS;
  const random = generator(options.seed ?? 20_261_122);
  const run = randomBytes(3).toString('hex');
  const categoryIds = await ensureCategories(db, images[0] ?? null);
  const now = Date.now();

  function row(index: number): GeneratedProduct {
    const pieceIndex = random.index(PIECES);
    const piece = PIECES[pieceIndex]!;
    const [adjective, colourWord, material] = [ADJECTIVES, COLOURS, MATERIALS].map((words) =>
      random.index(words),
    ) as [number, number, number];
    const name = `${ADJECTIVES[adjective]} ${COLOURS[colourWord]} ${MATERIALS[material]} ${piece}`;
    const [pieceAr, feminine] = PIECES_AR[pieceIndex]!;
    const gender = feminine ? 1 : 0;
    const nameAr = `${pieceAr} ${MATERIALS_AR[material]![gender]} ${COLOURS_AR[colourWord]![gender]} ${ADJECTIVES_AR[adjective]}`;
    // Whole pounds mostly, sometimes .50 or .99, as a shop prices things.
    const pounds = random.int(150, 3499);
    const piastres = pounds * 100 + random.pick([0, 0, 0, 50, 99]);
    const discount = random.next() < 0.3 ? random.int(2, 10) * 5 : 0;
    const outOfStock = random.next() < 0.08;
    const ratingCount = random.next() < 0.6 ? random.int(1, 60) : 0;
    const createdAt = new Date(now - random.next() * 730 * DAY_MS);
    const imageIndex = random.int(0, images.length - 1);
    const category = index % categoryIds.length;
    const sizes = SIZES_BY_CATEGORY[CATEGORY_NAMES[category]!];
    // Clothing comes in five sizes of the colour in its name (about five variants a product), each
    // with its own stock and some sold out; accessories keep one stock figure.
    const colour = name.split(' ')[1]!;
    const variants: GeneratedVariant[] =
      sizes.length === 0 || ONE_SIZE.has(piece)
        ? []
        : sizes.map((size) => ({
            sku: `${run}-${index.toString(36)}-${size}`.toUpperCase(),
            size,
            colour,
            availableItems: outOfStock || random.next() < 0.15 ? 0 : random.int(1, 40),
          }));
    const ownStock = outOfStock ? 0 : random.int(1, 200);
    const [style, tones, occasion] = [STYLES, COLOURS, OCCASIONS].map((words) => random.index(words)) as [
      number,
      number,
      number,
    ];
    return {
      id: randomUUID(),
      name,
      slug: `${slugify(name, FALLBACK_PRODUCT_SLUG)}-${run}${index.toString(36)}`,
      description: `${name}: a ${STYLES[style]} piece in ${COLOURS[tones]!.toLowerCase()} tones, made for ${OCCASIONS[occasion]}.`,
      nameAr,
      // 'درجات' is feminine plural: its colour takes the feminine form.
      descriptionAr: `${nameAr}: قطعة ${STYLES_AR[style]} بدرجات ${COLOURS_AR[tones]![1]}، مصممة ${OCCASIONS_AR[occasion]}.`,
      pricePiastres: piastres,
      discount,
      finalPricePiastres: finalPricePiastres(piastres, discount),
      availableItems:
        variants.length > 0 ? variants.reduce((sum, variant) => sum + variant.availableItems, 0) : ownStock,
      soldItems: random.int(0, 500),
      categoryId: categoryIds[category]!,
      defaultImage: images[imageIndex]!,
      subImages: [images[(imageIndex + 1) % images.length]!, images[(imageIndex + 2) % images.length]!],
      ratingCount,
      ratingSum: ratingCount === 0 ? 0 : Math.round(ratingCount * (2.5 + random.next() * 2.5)),
      createdAt,
      options:
        variants.length > 0
          ? [
              { name: 'Size', values: sizes },
              { name: 'Color', values: [colour] },
            ]
          : [],
      variants,
    };
  }

  await db.transaction(async (tx) => {
    // Keeping a dozen indexes (one of them a trigram GIN) up to date row by row costs more than
    // building them once at the end; the DDL is part of the transaction, so a failure restores them.
    const rebuild = options.rebuildIndexes ?? count >= REBUILD_INDEXES_FROM;
    const rebuilt = rebuild
      ? [
          ...(await dropSecondaryIndexes(tx, 'products')),
          ...(await dropSecondaryIndexes(tx, 'product_variants')),
        ]
      : [];
    for (let start = 0; start < count; start += ROWS_PER_INSERT) {
      const size = Math.min(ROWS_PER_INSERT, count - start);
      const rows = Array.from({ length: size }, (_, i) => row(start + i));
      const values = rows.map(valuesOf).join(',\n');
      await tx.execute(sql.raw(`insert into products (${COLUMNS.join(', ')}) values ${values}`));
      const variants = rows.flatMap(variantValuesOf);
      for (let from = 0; from < variants.length; from += ROWS_PER_INSERT) {
        await tx.execute(
          sql.raw(
            `insert into product_variants (product_id, sku, options, available_items, position) values ${variants
              .slice(from, from + ROWS_PER_INSERT)
              .join(',\n')}`,
          ),
        );
      }
    }
    for (const definition of rebuilt) await tx.execute(sql.raw(definition));
  });
  // Fresh statistics, so the planner picks the listing's indexes at once, and a set visibility map, so
  // deep pages are index-only scans instead of 6,000 heap fetches, rather than after autovacuum.
  await db.execute(sql`vacuum (analyze) products`);
  await db.execute(sql`vacuum (analyze) product_variants`);
  return { inserted: count };
}
