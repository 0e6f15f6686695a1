import { createHash, randomBytes } from 'node:crypto';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { MAX_IMAGE_BYTES, MAX_IMAGE_MEGAPIXELS, PRODUCT_IMAGE_WIDTHS } from '@/shared/constants';
import { messages } from '@/shared/messages';
import type { StoredImage } from '../db/schema';
import { AppError } from '../errors';
import type { ObjectStore } from '../storage/types';
import { imageQueue } from './queue';
import { ImageRefused } from './refusals';
import { MAX_STORED_WIDTH_PX, variantKey } from './urls';

// One libvips thread per image: the image queue decides how many images are worked on at once, and
// libvips' default (a thread per core) let one large decode take every core from the shoppers' requests.
// Its operation cache holds decoded pixels for repeats that uploads never make.
sharp.concurrency(1);
sharp.cache(false);

/** Formats a browser can show and sharp can decode; sharp names AVIF `heif` (with AV1 inside). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);
/** No photo needs more on either side; the area is bounded tighter by MAX_IMAGE_MEGAPIXELS. */
export const MAX_IMAGE_SIDE_PX = 8000;
/** A 40 MP decode costs 60–110 MB while it runs: what one or two at once may cost on a small server. */
const MAX_INPUT_PIXELS = MAX_IMAGE_MEGAPIXELS * 1_000_000;

const LOGO_IMAGE_WIDTHS = [320] as const;
export const CATEGORY_IMAGE_WIDTHS = [320, 640] as const;
const PROOF_MAX_WIDTH_PX = 2000;
const WEBP_QUALITY = 82;
const WEBP_EFFORT = 4;
/** Flat drawn artwork compresses nearly as well with far less work; photos get the full effort. */
const DRAWN_WEBP_EFFORT = 2;
const WEBP = 'image/webp';

export interface UploadedImage {
  buffer: Buffer;
  /** sharp's name for the format: jpeg, png, webp, gif or heif (AVIF). */
  format: string;
  /** As displayed, once the camera's orientation is applied. */
  width: number;
  height: number;
}

/**
 * Checks an upload by what it contains, not by its name or declared type (DESIGN §3): it must be a
 * JPEG, PNG, WebP, GIF or AVIF of sane dimensions and at most 5 MB. Reads the header only, so it is
 * cheap and runs outside the image queue; decoding the pixels is the queue's work.
 */
export async function readUploadedImage(buffer: Buffer): Promise<UploadedImage> {
  if (buffer.length > MAX_IMAGE_BYTES) throw new ImageRefused('tooLarge');
  let metadata: Metadata;
  try {
    // No pixel limit on the header: sharp would refuse a large one as an error we could not tell from a
    // broken file. The area is checked below in our words, and every decode keeps sharp's limit.
    metadata = await sharp(buffer, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRefused('notAnImage');
  }
  const { format: kind, width, height } = metadata;
  if (!kind || !ACCEPTED_FORMATS.has(kind) || !width || !height) {
    throw new ImageRefused('notAnImage');
  }
  if (kind === 'heif' && metadata.compression !== 'av1') {
    // HEIC photos decode here but not in most browsers; only AVIF is promised.
    throw new ImageRefused('notAnImage');
  }
  if (width > MAX_IMAGE_SIDE_PX || height > MAX_IMAGE_SIDE_PX) {
    throw new AppError('PAYLOAD_TOO_LARGE', messages.admin.imageDimensionsTooLarge, {
      max: MAX_IMAGE_SIDE_PX,
    });
  }
  if (width * height > MAX_INPUT_PIXELS) {
    throw new AppError('PAYLOAD_TOO_LARGE', messages.admin.imageTooManyPixels, { max: MAX_IMAGE_MEGAPIXELS });
  }
  // EXIF orientations 5–8 turn the picture a quarter: its displayed width is the stored height.
  const turned = metadata.orientation !== undefined && metadata.orientation >= 5;
  return { buffer, format: kind, width: turned ? height : width, height: turned ? width : height };
}

/** A picture encoded as WebP at its stored size and at each smaller width, not yet written anywhere. */
export interface EncodedImage {
  original: Buffer;
  /** The original's width once encoded: the source's, or 1600 px for anything wider. */
  width: number;
  variants: Array<{ width: number; data: Buffer }>;
}

/** Raw pixels, as `sharp(…).raw().toBuffer({ resolveWithObject: true })` gives them. */
export interface RawPixels {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

/**
 * The source turned into WebP at one width. For uploads, `rotate()` applies the camera's orientation
 * before the metadata that holds it goes: sharp writes no EXIF, GPS or ICC profile unless asked.
 */
async function encodeWebp(source: () => Sharp, maxWidth: number, effort = WEBP_EFFORT): Promise<Buffer> {
  try {
    return await source()
      .resize({ width: maxWidth, withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY, effort })
      .toBuffer();
  } catch {
    // The header read fine but the pixels do not: a truncated or corrupt file.
    throw new ImageRefused('notAnImage');
  }
}

async function encodeSizes(
  source: () => Sharp,
  sourceWidth: number,
  variantWidths: readonly number[],
  effort = WEBP_EFFORT,
): Promise<EncodedImage> {
  const width = Math.min(sourceWidth, MAX_STORED_WIDTH_PX);
  const widths = variantWidths.filter((candidate) => candidate < width);
  const [original, ...variants] = await Promise.all([
    encodeWebp(source, MAX_STORED_WIDTH_PX, effort),
    ...widths.map((candidate) => encodeWebp(source, candidate, effort)),
  ]);
  return {
    original: original!,
    width,
    variants: widths.map((w, i) => ({ width: w, data: variants[i]! })),
  };
}

/**
 * An upload, checked by its content, encoded at 1600 px at most and at each smaller width given, when
 * the image queue gives it a turn (503 when too many wait already).
 */
export async function encodeUploadedImage(
  buffer: Buffer,
  variantWidths: readonly number[],
): Promise<EncodedImage> {
  const image = await readUploadedImage(buffer);
  return imageQueue().run(() =>
    encodeSizes(
      () => sharp(image.buffer, { limitInputPixels: MAX_INPUT_PIXELS }).rotate(),
      image.width,
      variantWidths,
    ),
  );
}

/** Pixels the shop drew itself (the demo pictures): no checks to make, and no file format to decode. */
export function encodeRawImage(raw: RawPixels, variantWidths: readonly number[]): Promise<EncodedImage> {
  const { data, width, height, channels } = raw;
  return encodeSizes(
    () => sharp(data, { raw: { width, height, channels } }),
    width,
    variantWidths,
    DRAWN_WEBP_EFFORT,
  );
}

/**
 * The name is the content's hash, so a year-long cache can never serve stale bytes under it, plus a
 * per-upload part: two products (or an edit re-sending the same file) never share files, so deleting
 * one product's image cannot take another's.
 */
function imageKey(folder: string, original: Buffer): string {
  const hash = createHash('sha256').update(original).digest('hex').slice(0, 32);
  return `${folder}/${hash}-${randomBytes(4).toString('hex')}.webp`;
}

/** Writes an encoded picture and its smaller copies under a new key in `folder`. */
export async function saveEncodedImage(
  store: ObjectStore,
  folder: 'products' | 'categories' | 'shop',
  encoded: EncodedImage,
): Promise<StoredImage> {
  const key = imageKey(folder, encoded.original);
  await Promise.all([
    store.put(key, encoded.original, WEBP),
    ...encoded.variants.map(({ width, data }) => store.put(variantKey(key, width), data, WEBP)),
  ]);
  return { key, widths: encoded.variants.map(({ width }) => width), width: encoded.width };
}

/** A product photo: WebP at most 1600 px wide, with 320/640/1024 px copies for `srcset`. */
export async function storeProductImage(store: ObjectStore, buffer: Buffer): Promise<StoredImage> {
  return saveEncodedImage(store, 'products', await encodeUploadedImage(buffer, PRODUCT_IMAGE_WIDTHS));
}

/** A category picture: WebP at most 1600 px wide, with 320/640 px copies. */
export async function storeCategoryImage(store: ObjectStore, buffer: Buffer): Promise<StoredImage> {
  return saveEncodedImage(store, 'categories', await encodeUploadedImage(buffer, CATEGORY_IMAGE_WIDTHS));
}

/** The shop's logo (issue 16): WebP at most 1600 px wide, with a 320 px copy for the top bar. */
export async function storeLogoImage(store: ObjectStore, buffer: Buffer): Promise<StoredImage> {
  return saveEncodedImage(store, 'shop', await encodeUploadedImage(buffer, LOGO_IMAGE_WIDTHS));
}

/**
 * The home page's hero picture (issue 35): WebP at most 1600 px wide, with the product photos' copies
 * for `srcset`, and its displayed height at the stored width, for the page's box.
 */
export async function storeHeroImage(
  store: ObjectStore,
  buffer: Buffer,
): Promise<StoredImage & { width: number; height: number }> {
  const source = await readUploadedImage(buffer);
  const stored = await saveEncodedImage(
    store,
    'shop',
    await encodeUploadedImage(buffer, PRODUCT_IMAGE_WIDTHS),
  );
  const width = stored.width ?? source.width;
  return { ...stored, width, height: Math.max(1, Math.round((source.height * width) / source.width)) };
}

/**
 * A payment proof: private (served only through signed links), re-encoded so nothing but the pixels
 * survives, under a random name that cannot be guessed from its content. Answers the key.
 */
export async function storePaymentProof(store: ObjectStore, buffer: Buffer): Promise<string> {
  const image = await readUploadedImage(buffer);
  const webp = await imageQueue().run(() =>
    encodeWebp(
      () => sharp(image.buffer, { limitInputPixels: MAX_INPUT_PIXELS }).rotate(),
      PROOF_MAX_WIDTH_PX,
    ),
  );
  const key = `private/proofs/${randomBytes(16).toString('hex')}.webp`;
  await store.put(key, webp, WEBP);
  return key;
}

/** Removes an image and every smaller copy of it. */
export async function deleteStoredImage(
  store: ObjectStore,
  image: StoredImage | null | undefined,
): Promise<void> {
  if (!image) return;
  await Promise.all([
    store.delete(image.key),
    ...image.widths.map((width) => store.delete(variantKey(image.key, width))),
  ]);
}
