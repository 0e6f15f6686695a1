import { MAX_SUB_IMAGES } from '@/shared/constants';
import { messages } from '@/shared/messages';
import { phraseOfIssue } from '@/shared/translate';
import { finalPricePiastres, toPiastres } from '@/shared/money';
import {
  ProductFormSchema,
  ProductUpdateFormSchema,
  ProductVariantsFieldsSchema,
  type ProductDetailDto,
} from '@/shared/schemas/product';
import {
  ProductVariantsInputSchema,
  SKU_MAX,
  type ProductVariantsInput,
  type VariantInput,
} from '@/shared/schemas/variants';
import { productDetailDto } from '../catalog/dto';
import { findProduct, findProductDetail } from '../catalog/queries';
import { isUuid } from '../catalog/service';
import type { Db, DbOrTx, Tx } from '../db/client';
import { products, type ProductRow, type StoredImage } from '../db/schema';
import { AppError } from '../errors';
import { InvalidInput, issueOfZod } from '../invalid-input';
import type { ShopEvents } from '../events';
import { storeProductImage } from '../images/pipeline';
import { parseFormFields } from '../images/multipart';
import { lockProducts, setStock, setVariants } from '../stock/stock';
import type { ObjectStore } from '../storage/types';
import { discardImages, storeImages } from './images';
import {
  deleteCartLinesWithoutVariant,
  deleteProduct,
  findCategoryById,
  findCategoryByKey,
  imageKeysHeldByOrders,
  insertProduct,
  shareLockCategory,
  skusHeldElsewhere,
  updateProduct,
  variantIdsOf,
  type CategoryRef,
  type ProductChanges,
} from './queries';
import { FALLBACK_PRODUCT_SLUG, slugify, uniqueSlug, withSlugRetry } from '../catalog/slugs';

const a = messages.admin;

/** What an admin product form carries once the multipart body is read. */
export interface ProductFormUpload {
  fields: Record<string, string>;
  /** Every value of each text field, for `removeSubImages` sent repeated. */
  fieldLists: Record<string, string[]>;
  defaultImage: Buffer | undefined;
  subImages: Buffer[];
}

export interface AdminProductsDeps {
  db: Db;
  store: ObjectStore;
  /** Where each committed change is announced (the catalogue's read model listens). */
  events: ShopEvents;
}

/** `category` as the form sends it: an id, or (from older clients) a slug or a name. */
async function resolveCategory(db: DbOrTx, value: string): Promise<CategoryRef> {
  const category = isUuid(value)
    ? await findCategoryById(db, value.toLowerCase())
    : await findCategoryByKey(db, value);
  if (!category) throw new AppError('BAD_REQUEST', a.unknownCategory, { category: value });
  return category;
}

/** The category again inside the transaction, locked so it cannot be deleted before the product is saved. */
async function holdCategory(tx: Tx, category: CategoryRef): Promise<string> {
  const held = await shareLockCategory(tx, category.id);
  if (!held) throw new AppError('BAD_REQUEST', a.unknownCategory, { category: category.name });
  return held.id;
}

/**
 * `removeSubImages`: the urls of sub-images to drop, sent as a repeated field, as one JSON array, or as
 * a single url.
 */
function urlsToRemove(upload: ProductFormUpload): string[] {
  const values = upload.fieldLists.removeSubImages ?? [];
  return values.flatMap((value) => {
    const text = value.trim();
    if (!text) return [];
    if (text.startsWith('[')) {
      try {
        const parsed: unknown = JSON.parse(text);
        if (Array.isArray(parsed)) return parsed.filter((item): item is string => typeof item === 'string');
      } catch {
        // Not JSON after all: an url that happens to start with "[" is taken as it is.
      }
    }
    return [text];
  });
}

/** Whether `url` names this stored image: its public address as answered, or its key. */
function isImageAt(store: ObjectStore, image: StoredImage, url: string): boolean {
  const wanted = url.split('?')[0] ?? url;
  return wanted === store.publicUrl(image.key) || wanted === image.key || wanted.endsWith(`/${image.key}`);
}

/**
 * The form's `options` and `variants` (JSON text, issue 13), checked with the shared rules; undefined
 * when neither was sent (the product's variants stay as they are).
 */
function parseVariantFields(fields: Record<string, string>): ProductVariantsInput | undefined {
  const { options, variants } = parseFormFields(ProductVariantsFieldsSchema, fields);
  if (options === undefined && variants === undefined) return undefined;
  if (options === undefined || variants === undefined) {
    throw new AppError('BAD_REQUEST', a.optionsAndVariantsTogether);
  }
  const parsed = ProductVariantsInputSchema.safeParse({ options, variants });
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  if (!issue) throw new AppError('BAD_REQUEST', messages.errors.badRequest);
  // The shared rules word their own messages; zod's generic ones ('Invalid input: …') get the path.
  const generic = /^(Invalid|Too (big|small)|Unrecognized)/.test(issue.message);
  if (!generic) {
    const { template, values } = phraseOfIssue(issue);
    throw new AppError('BAD_REQUEST', template, values);
  }
  throw new InvalidInput(issueOfZod(issue));
}

/** How many suffixed SKUs one query asks about; a suggestion taken more often costs another query. */
const SKU_CANDIDATES_PER_QUERY = 20;

/** `sku-n`, cut so it stays within SKU_MAX (the suffix is what makes it unique, so it is never cut). */
function suffixedSku(sku: string, n: number): string {
  const suffix = `-${n}`;
  return `${sku.slice(0, SKU_MAX - suffix.length)}${suffix}`;
}

/**
 * The variants with each automatic SKU (`autoSku`) another product holds moved to its first free
 * `-2`, `-3`… (also free among this save's own SKUs): two products whose names share their first three
 * words suggest the same SKUs, and the second save must not fail for it. A SKU the owner typed is left
 * as it is (another product's is the caller's 409). Two saves picking the same suffix at once: the
 * unique index refuses the second, and the caller's `withSlugRetry` runs it again, which then sees it.
 */
async function withFreeAutomaticSkus(
  tx: Tx,
  productId: string,
  variants: ProductVariantsInput['variants'],
): Promise<VariantInput[]> {
  const listed = new Set(variants.map((variant) => variant.sku.toLowerCase()));
  const automatic = variants.filter((variant) => variant.autoSku).map((variant) => variant.sku);
  const held = new Set((await skusHeldElsewhere(tx, productId, automatic)).map((sku) => sku.toLowerCase()));
  const result: VariantInput[] = [];
  for (const { autoSku, ...variant } of variants) {
    if (!autoSku || !held.has(variant.sku.toLowerCase())) {
      result.push(variant);
      continue;
    }
    for (let first = 2; ; first += SKU_CANDIDATES_PER_QUERY) {
      const batch = Array.from({ length: SKU_CANDIDATES_PER_QUERY }, (_, i) =>
        suffixedSku(variant.sku, first + i),
      );
      const taken = new Set((await skusHeldElsewhere(tx, productId, batch)).map((sku) => sku.toLowerCase()));
      const free = batch.find((sku) => !taken.has(sku.toLowerCase()) && !listed.has(sku.toLowerCase()));
      if (free) {
        listed.add(free.toLowerCase());
        result.push({ ...variant, sku: free });
        break;
      }
    }
  }
  return result;
}

/**
 * Saves the product's options and variants inside the caller's transaction (the product's row held):
 * an `id` must be one of this product's variants, and a SKU another product holds is a 409. Once it
 * has variants, lines of it without one leave every cart: they name nothing that can be sold.
 */
async function saveVariants(tx: Tx, productId: string, input: ProductVariantsInput): Promise<void> {
  const own = new Set(await variantIdsOf(tx, productId));
  const stranger = input.variants.find((variant) => variant.id !== undefined && !own.has(variant.id));
  if (stranger) throw new AppError('BAD_REQUEST', a.unknownVariant, { id: stranger.id! });
  const variants = await withFreeAutomaticSkus(tx, productId, input.variants);
  const [taken] = await skusHeldElsewhere(
    tx,
    productId,
    variants.map((variant) => variant.sku),
  );
  if (taken) throw new AppError('CONFLICT', a.skuTaken, { sku: taken });
  await updateProduct(tx, productId, { options: input.options });
  await setVariants(tx, productId, variants);
  if (input.options.length > 0) await deleteCartLinesWithoutVariant(tx, productId);
}

function tooManySubImages(): AppError {
  return new AppError('BAD_REQUEST', a.tooManySubImages, { max: MAX_SUB_IMAGES });
}

/**
 * Of the images a product no longer shows, those whose files may go: not the ones an order line still
 * shows (it keeps the image the product was bought under).
 */
async function releasedImages(tx: Tx, productId: string, images: StoredImage[]): Promise<StoredImage[]> {
  const held = await imageKeysHeldByOrders(
    tx,
    productId,
    images.map((image) => image.key),
  );
  return images.filter((image) => !held.has(image.key));
}

/** The admin's product writes (SPEC §7, DESIGN §2), each announced as `productChanged` once committed. */
export function createAdminProductsService({ db, store, events }: AdminProductsDeps) {
  async function answer(id: string): Promise<ProductDetailDto> {
    const found = await findProductDetail(db, { id });
    if (!found) throw new AppError('NOT_FOUND', messages.catalog.productNotFoundAnswer);
    return productDetailDto(store, found.product, found.category, found.variants);
  }

  async function lockProduct(tx: Tx, id: string): Promise<ProductRow> {
    const row = (await lockProducts(tx, [id])).get(id);
    if (!row) throw new AppError('NOT_FOUND', messages.catalog.productNotFoundAnswer);
    return row;
  }

  async function create(upload: ProductFormUpload): Promise<ProductDetailDto> {
    const form = parseFormFields(ProductFormSchema, upload.fields);
    const variants = parseVariantFields(upload.fields);
    if (!upload.defaultImage) throw new AppError('BAD_REQUEST', a.uploadDefaultImage);
    if (upload.subImages.length > MAX_SUB_IMAGES) throw tooManySubImages();
    const category = await resolveCategory(db, form.category);

    const [defaultImage, ...subImages] = await storeImages(
      store,
      [upload.defaultImage, ...upload.subImages],
      storeProductImage,
    );
    const pricePiastres = toPiastres(form.price);
    const discount = form.discount ?? 0;
    let id: string;
    try {
      id = await withSlugRetry(() =>
        db.transaction(async (tx) => {
          const created = await insertProduct(tx, {
            name: form.name,
            slug: await uniqueSlug(tx, products, slugify(form.name, FALLBACK_PRODUCT_SLUG)),
            description: form.description,
            nameAr: form.nameAr,
            descriptionAr: form.descriptionAr,
            pricePiastres,
            discount,
            finalPricePiastres: finalPricePiastres(pricePiastres, discount),
            categoryId: await holdCategory(tx, category),
            defaultImage,
            subImages,
          });
          await setStock(tx, created, form.avaliableItems);
          // With variants, the stock is theirs: the product's figure becomes their sum.
          if (variants) await saveVariants(tx, created, variants);
          return created;
        }),
      );
    } catch (error) {
      await discardImages(store, [defaultImage, ...subImages]);
      throw error;
    }
    events.emit('productChanged', { productId: id, change: 'created' });
    return answer(id);
  }

  async function update(id: string, upload: ProductFormUpload): Promise<ProductDetailDto> {
    const form = parseFormFields(ProductUpdateFormSchema, upload.fields);
    const variants = parseVariantFields(upload.fields);
    const removals = urlsToRemove(upload);
    const existing = await findProduct(db, { id });
    if (!existing) throw new AppError('NOT_FOUND', messages.catalog.productNotFoundAnswer);
    const category = form.category === undefined ? undefined : await resolveCategory(db, form.category);
    // A first check before any image work; the transaction checks again against the locked row.
    const keptNow = existing.product.subImages.filter(
      (image) => !removals.some((url) => isImageAt(store, image, url)),
    );
    if (keptNow.length + upload.subImages.length > MAX_SUB_IMAGES) throw tooManySubImages();

    const uploads = upload.defaultImage ? [upload.defaultImage, ...upload.subImages] : upload.subImages;
    const stored = await storeImages(store, uploads, storeProductImage);
    const newDefault = upload.defaultImage ? stored[0] : undefined;
    const newSubImages = upload.defaultImage ? stored.slice(1) : stored;

    let unused: StoredImage[];
    try {
      unused = await withSlugRetry(() =>
        db.transaction(async (tx) => {
          const row = await lockProduct(tx, id);
          const kept = row.subImages.filter((image) => !removals.some((url) => isImageAt(store, image, url)));
          const removed = row.subImages.filter((image) => !kept.includes(image));
          if (kept.length + newSubImages.length > MAX_SUB_IMAGES) throw tooManySubImages();

          const changes: ProductChanges = {};
          if (form.name !== undefined && form.name !== row.name) {
            changes.name = form.name;
            changes.slug = await uniqueSlug(tx, products, slugify(form.name, FALLBACK_PRODUCT_SLUG), id);
          }
          if (form.description !== undefined) changes.description = form.description;
          // Left out keeps the Arabic texts; sent empty clears them (Arabic pages then show the English).
          if (form.nameAr !== undefined) changes.nameAr = form.nameAr;
          if (form.descriptionAr !== undefined) changes.descriptionAr = form.descriptionAr;
          if (category) changes.categoryId = await holdCategory(tx, category);
          if (form.price !== undefined || form.discount !== undefined) {
            const pricePiastres = form.price === undefined ? row.pricePiastres : toPiastres(form.price);
            const discount = form.discount ?? row.discount;
            changes.pricePiastres = pricePiastres;
            changes.discount = discount;
            changes.finalPricePiastres = finalPricePiastres(pricePiastres, discount);
          }
          if (newDefault) changes.defaultImage = newDefault;
          if (removed.length > 0 || newSubImages.length > 0) changes.subImages = [...kept, ...newSubImages];
          await updateProduct(tx, id, changes);
          if (variants) await saveVariants(tx, id, variants);
          // A product with variants counts its stock on them; the form's own figure is for one without.
          const hasVariants = variants ? variants.options.length > 0 : row.options.length > 0;
          if (form.avaliableItems !== undefined && !hasVariants) await setStock(tx, id, form.avaliableItems);

          const replaced = newDefault && row.defaultImage ? [row.defaultImage] : [];
          return releasedImages(tx, id, [...replaced, ...removed]);
        }),
      );
    } catch (error) {
      await discardImages(store, stored);
      throw error;
    }
    // Only once the change is committed: a failed save must leave the product's images whole.
    events.emit('productChanged', { productId: id, change: 'updated' });
    await discardImages(store, unused);
    return answer(id);
  }

  async function remove(id: string): Promise<void> {
    const unused = await db.transaction(async (tx) => {
      const row = await lockProduct(tx, id);
      const images = [...(row.defaultImage ? [row.defaultImage] : []), ...row.subImages];
      const released = await releasedImages(tx, id, images);
      await deleteProduct(tx, id);
      return released;
    });
    events.emit('productChanged', { productId: id, change: 'deleted' });
    await discardImages(store, unused);
  }

  return { create, update, remove };
}
