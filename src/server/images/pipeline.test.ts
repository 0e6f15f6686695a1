import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { createLocalStore } from '../storage/local';
import type { ObjectStore } from '../storage/types';
import { makeImage } from '../test/images';
import {
  deleteStoredImage,
  readUploadedImage,
  storeCategoryImage,
  storePaymentProof,
  storeProductImage,
} from './pipeline';
import { variantKey } from './urls';

let dir: string;
let store: ObjectStore;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'nour-images-'));
  store = createLocalStore(dir);
});
afterEach(() => rm(dir, { recursive: true, force: true }));

async function storedBytes(key: string): Promise<Buffer> {
  const object = await store.get(key);
  if (!object) throw new Error(`missing ${key}`);
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function filesUnder(folder: string): Promise<string[]> {
  try {
    return (await readdir(join(dir, folder))).sort();
  } catch {
    return [];
  }
}

async function expectAppError(promise: Promise<unknown>, status: number, message: string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).statusCode).toBe(status);
  expect((error as AppError).message).toBe(message);
}

describe('readUploadedImage', () => {
  it.each(['png', 'jpeg', 'webp', 'gif'] as const)('accepts a real %s', async (kind) => {
    const image = await readUploadedImage(await makeImage(40, 30, kind));
    expect(image).toMatchObject({ width: 40, height: 30 });
  });

  it('accepts an AVIF', async () => {
    const avif = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#abc' } })
      .avif()
      .toBuffer();
    expect((await readUploadedImage(avif)).format).toBe('heif');
  });

  it('refuses a text file whatever its name says, with 415', async () => {
    await expectAppError(
      readUploadedImage(Buffer.from('this is not a picture, only text named photo.png')),
      415,
      'The uploaded file is not a supported image (JPEG, PNG, WebP, GIF or AVIF)',
    );
  });

  it('refuses an image format browsers cannot show (SVG), with 415', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>');
    await expectAppError(
      readUploadedImage(svg),
      415,
      'The uploaded file is not a supported image (JPEG, PNG, WebP, GIF or AVIF)',
    );
  });

  it('refuses more than 5 MB with 413 before decoding anything', async () => {
    await expectAppError(
      readUploadedImage(Buffer.alloc(6 * 1024 * 1024)),
      413,
      'Each image must be 5 MB or smaller',
    );
  });

  it('refuses absurd dimensions with 413', async () => {
    await expectAppError(
      readUploadedImage(await makeImage(9000, 8)),
      413,
      'Each image must be at most 8000 pixels wide and high',
    );
  });

  it('refuses more than 40 megapixels with 413 from the header alone', async () => {
    // A flat colour compresses to a few hundred kB: well under 5 MB, 49 MP once decoded.
    const bomb = await makeImage(7000, 7000);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await expectAppError(readUploadedImage(bomb), 413, 'Each image must be at most 40 megapixels');
  });

  it('accepts 40 megapixels exactly', async () => {
    const image = await readUploadedImage(await makeImage(8000, 5000));
    expect(image).toMatchObject({ width: 8000, height: 5000 });
  });
});

describe('storeProductImage', () => {
  it('re-encodes a large PNG to WebP capped at 1600 px, with 320/640/1024 copies on disk', async () => {
    const image = await storeProductImage(store, await makeImage(2000, 1500, 'png'));
    expect(image.key).toMatch(/^products\/[0-9a-f]{32}-[0-9a-f]{8}\.webp$/);
    expect(image.widths).toEqual([320, 640, 1024]);
    expect(image.width).toBe(1600);

    const original = await sharp(await storedBytes(image.key)).metadata();
    expect(original).toMatchObject({ format: 'webp', width: 1600, height: 1200 });
    for (const width of image.widths) {
      const variant = await sharp(await storedBytes(variantKey(image.key, width))).metadata();
      expect(variant).toMatchObject({ format: 'webp', width });
    }
    expect(await filesUnder('products')).toHaveLength(4);
  });

  it('makes only the copies smaller than the original', async () => {
    const image = await storeProductImage(store, await makeImage(700, 500, 'jpeg'));
    expect(image.widths).toEqual([320, 640]);
    expect(image.width).toBe(700);
    expect((await sharp(await storedBytes(image.key)).metadata()).width).toBe(700);
  });

  it('names files by content, and never lets two uploads share files', async () => {
    const bytes = await makeImage(100, 100);
    const first = await storeProductImage(store, bytes);
    const second = await storeProductImage(store, bytes);
    const other = await storeProductImage(store, await makeImage(100, 100, 'png', '#123456'));
    const hash = (key: string) => key.split('/')[1]!.split('-')[0];
    expect(hash(first.key)).toBe(hash(second.key));
    expect(hash(first.key)).not.toBe(hash(other.key));
    expect(first.key).not.toBe(second.key);
  });

  it('removes EXIF and GPS metadata and applies the camera orientation', async () => {
    const withGps = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#c9a' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD0: { Make: 'PhoneMaker', Model: 'Phone 12' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '30/1 2/1 40/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '31/1 14/1 9/1',
        },
      })
      .toBuffer();
    const before = await sharp(withGps).metadata();
    expect(before.exif?.toString('latin1')).toContain('PhoneMaker');
    expect(before.orientation).toBe(6);

    const image = await storeProductImage(store, withGps);
    const after = await sharp(await storedBytes(image.key)).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    // Orientation 6 turns the picture a quarter: the 400×200 photo is shown 200×400.
    expect(after).toMatchObject({ width: 200, height: 400 });
  });

  it('writes nothing for a file that is not an image', async () => {
    await expect(storeProductImage(store, Buffer.from('not an image'))).rejects.toMatchObject({
      statusCode: 415,
    });
    expect(await filesUnder('products')).toEqual([]);
  });
});

describe('storeCategoryImage', () => {
  it('stores categories with 320 and 640 px copies', async () => {
    const image = await storeCategoryImage(store, await makeImage(1200, 800, 'webp'));
    expect(image.key).toMatch(/^categories\/.+\.webp$/);
    expect(image.widths).toEqual([320, 640]);
    expect(image.width).toBe(1200);
    expect(await filesUnder('categories')).toHaveLength(3);
  });
});

describe('storePaymentProof', () => {
  it('stores a re-encoded, stripped WebP under a random private key', async () => {
    const jpeg = await sharp({ create: { width: 300, height: 500, channels: 3, background: '#fff' } })
      .jpeg()
      .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '30/1 2/1 40/1' } })
      .toBuffer();
    const key = await storePaymentProof(store, jpeg);
    expect(key).toMatch(/^private\/proofs\/[0-9a-f]{32}\.webp$/);
    const meta = await sharp(await storedBytes(key)).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 300, height: 500 });
    expect(meta.exif).toBeUndefined();
    expect(await storePaymentProof(store, jpeg)).not.toBe(key);
  });

  it('refuses a file that is not an image', async () => {
    await expect(storePaymentProof(store, Buffer.from('%PDF-1.7'))).rejects.toMatchObject({
      statusCode: 415,
    });
  });
});

describe('deleteStoredImage', () => {
  it('removes the original and every copy, and leaves other images alone', async () => {
    const doomed = await storeProductImage(store, await makeImage(1200, 900));
    const kept = await storeProductImage(store, await makeImage(500, 500, 'png', '#a0c4ff'));
    expect(kept.widths).toEqual([320]);
    expect(await filesUnder('products')).toHaveLength(4 + 2);

    await deleteStoredImage(store, doomed);
    const left = await filesUnder('products');
    expect(left).toHaveLength(2);
    expect(left.every((name) => name.startsWith(kept.key.split('/')[1]!.replace('.webp', '')))).toBe(true);

    // Deleting again, or deleting nothing, is not an error.
    await deleteStoredImage(store, doomed);
    await deleteStoredImage(store, null);
  });
});
