import { createHash, randomBytes } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { MAX_IMAGE_BYTES, PRODUCT_IMAGE_WIDTHS } from '@/shared/constants';
import { format, messages } from '@/shared/messages';
import type { StoredImage } from '../db/schema';
import { AppError } from '../errors';
import type { ObjectStore } from '../storage/types';
import { variantKey } from './urls';

/** Formats a browser can show and sharp can decode; sharp names AVIF `heif` (with AV1 inside). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);
/** No photo needs more; a small file that decodes to a gigapixel canvas is a decompression bomb. */
export const MAX_IMAGE_SIDE_PX = 8000;
const MAX_INPUT_PIXELS = MAX_IMAGE_SIDE_PX * MAX_IMAGE_SIDE_PX;

/** Originals wider than this are scaled down: nothing on any screen shows more. */
export const MAX_STORED_WIDTH_PX = 1600;
export const CATEGORY_IMAGE_WIDTHS = [320, 640] as const;
const PROOF_MAX_WIDTH_PX = 2000;
const WEBP_QUALITY = 82;
const WEBP = 'image/webp';

export interface UploadedImage {
  buffer: Buffer;
  /** As displayed, once the camera's orientation is applied. */
  format: string;
  width: number;
  height: number;
}

/**
 * Checks an upload by what it contains, not by its name or declared type (DESIGN §3): it must decode as
 * a JPEG, PNG, WebP, GIF or AVIF of sane dimensions and be at most 5 MB.
 */
export async function readUploadedImage(buffer: Buffer): Promise<UploadedImage> {
  if (buffer.length > MAX_IMAGE_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', messages.admin.imageTooLarge);
  let metadata: Metadata;
  try {
    metadata = await sharp(buffer, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', messages.admin.notAnImage);
  }
  const { format: kind, width, height } = metadata;
  if (!kind || !ACCEPTED_FORMATS.has(kind) || !width || !height) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', messages.admin.notAnImage);
  }
  if (kind === 'heif' && metadata.compression !== 'av1') {
    // HEIC photos decode here but not in most browsers; only AVIF is promised.
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', messages.admin.notAnImage);
  }
  if (width > MAX_IMAGE_SIDE_PX || height > MAX_IMAGE_SIDE_PX) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      format(messages.admin.imageDimensionsTooLarge, { max: MAX_IMAGE_SIDE_PX }),
    );
  }
  // EXIF orientations 5–8 turn the picture a quarter: its displayed width is the stored height.
  const turned = metadata.orientation !== undefined && metadata.orientation >= 5;
  return { buffer, format: kind, width: turned ? height : width, height: turned ? width : height };
}

/**
 * One decoded upload turned into WebP at a given width. `rotate()` applies the camera's orientation
 * before the metadata that holds it goes: sharp writes no EXIF, GPS or ICC profile unless asked.
 */
async function encodeWebp(image: UploadedImage, maxWidth: number): Promise<Buffer> {
  try {
    return await sharp(image.buffer, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: maxWidth, withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer();
  } catch {
    // The header read fine but the pixels do not: a truncated or corrupt file.
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', messages.admin.notAnImage);
  }
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

async function storePublicImage(
  store: ObjectStore,
  buffer: Buffer,
  folder: string,
  variantWidths: readonly number[],
): Promise<StoredImage> {
  const image = await readUploadedImage(buffer);
  const width = Math.min(image.width, MAX_STORED_WIDTH_PX);
  const widths = variantWidths.filter((candidate) => candidate < width);
  const [original, ...variants] = await Promise.all([
    encodeWebp(image, MAX_STORED_WIDTH_PX),
    ...widths.map((candidate) => encodeWebp(image, candidate)),
  ]);
  const key = imageKey(folder, original!);
  await Promise.all([
    store.put(key, original!, WEBP),
    ...widths.map((candidate, i) => store.put(variantKey(key, candidate), variants[i]!, WEBP)),
  ]);
  return { key, widths };
}

/** A product photo: WebP at most 1600 px wide, with 320/640/1024 px copies for `srcset`. */
export function storeProductImage(store: ObjectStore, buffer: Buffer): Promise<StoredImage> {
  return storePublicImage(store, buffer, 'products', PRODUCT_IMAGE_WIDTHS);
}

/** A category picture: WebP at most 1600 px wide, with 320/640 px copies. */
export function storeCategoryImage(store: ObjectStore, buffer: Buffer): Promise<StoredImage> {
  return storePublicImage(store, buffer, 'categories', CATEGORY_IMAGE_WIDTHS);
}

/**
 * A payment proof: private (served only through signed links), re-encoded so nothing but the pixels
 * survives, under a random name that cannot be guessed from its content. Answers the key.
 */
export async function storePaymentProof(store: ObjectStore, buffer: Buffer): Promise<string> {
  const image = await readUploadedImage(buffer);
  const webp = await encodeWebp(image, PROOF_MAX_WIDTH_PX);
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
