import type { Readable } from 'node:stream';
import { format } from '@/shared/messages';
import { seo } from '@/shared/messages/seo';
import { finalPricePiastres, toEgp } from '@/shared/money';
import { optionValue } from '@/shared/schemas/variants';
import { csvStream } from '../csv';
import { imageDto } from '../images/urls';
import type { ObjectStore } from '../storage/types';
import { absoluteUrl } from '../storage/public-url';
import type { CatalogueProduct } from './catalogue';
import { plainAmount } from './head';
import { element } from './xml';

/** Google and Meta take at most this many additional images per item. */
const MAX_ADDITIONAL_IMAGES = 10;

/**
 * Google's product taxonomy ids for the shop's kinds of category, by words in the category's slug;
 * a category none of these names gets no `google_product_category` (Google then guesses one itself).
 * Earlier entries win: 'baby-shoes' is shoes before it is baby clothing.
 */
const GOOGLE_CATEGORIES: readonly [RegExp, number][] = [
  [/shoe|boot|sandal|sneaker|slipper/, 187], // Apparel & Accessories > Shoes
  [/bag|purse|wallet/, 6551], // Apparel & Accessories > Handbags, Wallets & Cases
  [/jewel|necklace|bracelet|earring|ring/, 188], // Apparel & Accessories > Jewelry
  [/accessor|hat|beanie|scarf|belt/, 167], // Apparel & Accessories > Clothing Accessories
  [/new-?born|baby|infant|toddler/, 182], // Apparel & Accessories > Clothing > Baby & Toddler Clothing
  [/girl|boy|kid|child|women|men|dress|cloth|wear|top|shirt|pyjama|mother/, 1604], // … > Clothing
];

export function googleProductCategory(categorySlug: string | null): number | undefined {
  if (!categorySlug) return undefined;
  return GOOGLE_CATEGORIES.find(([words]) => words.test(categorySlug))?.[1];
}

/** One feed entry: a product, or one variant of it (then `itemGroupId` names the product). */
export interface FeedItem {
  id: string;
  title: string;
  description: string;
  link: string;
  imageLink: string | undefined;
  additionalImageLinks: string[];
  availability: 'in stock' | 'out of stock';
  /** '450.00 EGP': before any discount. */
  price: string;
  /** The discounted price, when there is a discount. */
  salePrice: string | undefined;
  brand: string;
  condition: 'new';
  googleProductCategory: number | undefined;
  productType: string | undefined;
  itemGroupId: string | undefined;
  size: string | undefined;
  color: string | undefined;
}

export interface FeedContext {
  origin: string;
  shopName: string;
  store: ObjectStore;
}

const money = (piastres: number) => `${plainAmount(toEgp(piastres))} EGP`;

/** A product's feed items: one per variant when it is sold in sizes or colours, else one. */
export function feedItems({ product, variants }: CatalogueProduct, context: FeedContext): FeedItem[] {
  const images = [product.defaultImage, ...product.subImages]
    .map((image) => imageDto(context.store, image).url)
    .filter(Boolean)
    .map((url) => absoluteUrl(url, context.origin));
  const common = {
    title: product.name,
    // Both feeds refuse an item without a description.
    description: product.description.trim() || product.name,
    link: `${context.origin}/product/${encodeURIComponent(product.slug)}`,
    imageLink: images[0],
    additionalImageLinks: images.slice(1, 1 + MAX_ADDITIONAL_IMAGES),
    brand: context.shopName,
    condition: 'new' as const,
    googleProductCategory: googleProductCategory(product.categorySlug),
    productType: product.categoryName ?? undefined,
  };
  const priced = (pricePiastres: number, availableItems: number) => {
    const final = finalPricePiastres(pricePiastres, product.discount);
    return {
      availability: availableItems > 0 ? ('in stock' as const) : ('out of stock' as const),
      price: money(pricePiastres),
      salePrice: final < pricePiastres ? money(final) : undefined,
    };
  };
  if (variants.length === 0) {
    return [
      {
        ...common,
        id: product.id,
        ...priced(product.pricePiastres, product.availableItems),
        itemGroupId: undefined,
        size: undefined,
        color: undefined,
      },
    ];
  }
  return variants.map((variant) => ({
    ...common,
    id: variant.sku,
    ...priced(variant.pricePiastres ?? product.pricePiastres, variant.availableItems),
    itemGroupId: product.id,
    size: optionValue(variant.options, 'size'),
    color: optionValue(variant.options, 'color') ?? optionValue(variant.options, 'colour'),
  }));
}

function rssItem(item: FeedItem): string {
  const optional = (name: string, value: string | number | undefined) =>
    value === undefined ? '' : element(name, String(value));
  return (
    '<item>' +
    element('g:id', item.id) +
    element('g:title', item.title) +
    element('g:description', item.description) +
    element('g:link', item.link) +
    optional('g:image_link', item.imageLink) +
    item.additionalImageLinks.map((link) => element('g:additional_image_link', link)).join('') +
    element('g:availability', item.availability) +
    element('g:price', item.price) +
    optional('g:sale_price', item.salePrice) +
    element('g:brand', item.brand) +
    element('g:condition', item.condition) +
    optional('g:google_product_category', item.googleProductCategory) +
    optional('g:product_type', item.productType) +
    optional('g:item_group_id', item.itemGroupId) +
    optional('g:size', item.size) +
    optional('g:color', item.color) +
    '</item>\n'
  );
}

/**
 * The catalogue as an RSS 2.0 feed with Google's `g:` namespace, which Google Merchant Center and Meta
 * Commerce Manager both read: written a batch at a time as the client takes it.
 */
export async function* rssFeed(
  batches: AsyncIterable<CatalogueProduct[]>,
  context: FeedContext,
): AsyncGenerator<string> {
  yield (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">\n<channel>' +
    element('title', format(seo.feedTitle, { shop: context.shopName })) +
    element('link', `${context.origin}/`) +
    element('description', format(seo.feedDescription, { shop: context.shopName })) +
    '\n'
  );
  for await (const batch of batches) {
    yield batch.flatMap((product) => feedItems(product, context).map(rssItem)).join('');
  }
  yield '</channel>\n</rss>\n';
}

/** The CSV feed's columns: the attribute names Google's and Meta's CSV feeds read. */
export const CSV_COLUMNS = [
  'id',
  'title',
  'description',
  'availability',
  'condition',
  'price',
  'sale_price',
  'link',
  'image_link',
  'additional_image_link',
  'brand',
  'google_product_category',
  'product_type',
  'item_group_id',
  'size',
  'color',
] as const;

async function* csvRows(batches: AsyncIterable<CatalogueProduct[]>, context: FeedContext) {
  for await (const batch of batches) {
    for (const product of batch) {
      for (const item of feedItems(product, context)) {
        yield [
          item.id,
          item.title,
          item.description,
          item.availability,
          item.condition,
          item.price,
          item.salePrice ?? '',
          item.link,
          item.imageLink ?? '',
          // Both take several links in one cell, separated by commas.
          item.additionalImageLinks.join(','),
          item.brand,
          item.googleProductCategory ?? '',
          item.productType ?? '',
          item.itemGroupId ?? '',
          item.size ?? '',
          item.color ?? '',
        ];
      }
    }
  }
}

/**
 * The same feed as CSV (a header of the attribute names), written as it is read, its cells defused as
 * every CSV of the shop's is (a product named '=…' is no formula in a spreadsheet). `onError` hears a
 * failure after the answer began (the file then ends cut short).
 */
export function csvFeed(
  batches: AsyncIterable<CatalogueProduct[]>,
  context: FeedContext,
  onError: (error: Error) => void,
): Readable {
  return csvStream(csvRows(batches, context), { columns: CSV_COLUMNS }, onError);
}
