/**
 * `npm run seed:large -- --count 100000`: adds that many generated products to the configured
 * database (for benchmarks and for trying the shop at scale). A handful of drawn pictures are written
 * to the image store and shared by all of them; `--no-images` skips that and uses keys without files.
 */
import { parseArgs } from 'node:util';
import { drawSharedPictures, seedLargeCatalogue } from '../db/seed/large';
import { createObjectStore } from '../storage';
import { openForScript } from './open-for-script';

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
  const { config, opened } = await openForScript();
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
