/**
 * `npm run seed:large -- --count 100000`: adds that many generated products to the configured
 * database (for benchmarks and for trying the shop at scale). A handful of drawn pictures are written
 * to the image store and shared by all of them; `--no-images` skips that and uses keys without files.
 */
import { parseArgs } from 'node:util';
import { PRODUCT_IMAGE_WIDTHS } from '@/shared/constants';
import { ConfigError, loadConfig } from '../config';
import { LockHeldError } from '../db/lock';
import { openConfiguredDatabase } from '../db/open';
import type { StoredImage } from '../db/schema';
import { renderArtwork, type Artwork } from '../db/seed/artwork';
import { seedLargeCatalogue } from '../db/seed/large';
import { encodeRawImage, saveEncodedImage } from '../images/pipeline';
import { createObjectStore } from '../storage';
import type { ObjectStore } from '../storage/types';

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

async function drawSharedPictures(store: ObjectStore): Promise<StoredImage[]> {
  const images: StoredImage[] = [];
  for (const picture of SHARED_PICTURES) {
    const raw = await renderArtwork({ ...picture, view: 'front' });
    images.push(await saveEncodedImage(store, 'products', await encodeRawImage(raw, PRODUCT_IMAGE_WIDTHS)));
  }
  return images;
}

function readOptions(): { count: number; images: boolean } {
  const { values } = parseArgs({
    options: {
      count: { type: 'string', default: '100000' },
      'no-images': { type: 'boolean', default: false },
    },
  });
  const count = Number(values.count);
  if (!Number.isInteger(count) || count < 1 || count > 10_000_000) {
    console.error('--count must be a whole number from 1 to 10000000');
    process.exit(1);
  }
  return { count, images: !values['no-images'] };
}

async function main(): Promise<void> {
  const options = readOptions();
  let config;
  let opened;
  try {
    config = loadConfig();
    opened = await openConfiguredDatabase(config);
  } catch (error) {
    if (error instanceof ConfigError || error instanceof LockHeldError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  try {
    await opened.database.migrate();
    const images = options.images ? await drawSharedPictures(createObjectStore(config)) : undefined;
    const started = Date.now();
    const { inserted } = await seedLargeCatalogue(opened.database.db, {
      count: options.count,
      ...(images ? { images } : {}),
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`Added ${inserted.toLocaleString('en')} products to ${opened.location} in ${seconds} s.`);
  } finally {
    await opened.close();
  }
}

main().catch((error: unknown) => {
  console.error('Seeding failed:', error);
  process.exit(1);
});
