import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../test/app';
import { startS3rver, type RunningS3rver } from '../test/s3rver';
import { createObjectStore } from './index';
import { withAbsoluteUrls } from './public-url';
import { createS3Store, type S3StoreOptions } from './s3';
import type { ListedObject, ObjectStore } from './types';

let s3: RunningS3rver;
let store: ObjectStore;
beforeAll(async () => {
  s3 = await startS3rver();
  store = s3.store();
});
afterAll(() => s3.close());

async function listed(from: ObjectStore, folder: string): Promise<ListedObject[]> {
  const found: ListedObject[] = [];
  for await (const object of from.list(folder)) found.push(object);
  return found;
}

describe('S3 object store, against an S3-protocol server (s3rver)', () => {
  it('puts, gets and deletes objects in its bucket', async () => {
    await store.put('products/abc.webp', Buffer.from('image bytes'), 'image/webp');
    expect(await s3.holds('products/abc.webp')).toBe(true);

    const object = await store.get('products/abc.webp');
    expect(object).not.toBeNull();
    expect(object?.contentType).toBe('image/webp');
    expect(object?.size).toBe(11);
    expect(await text(object!.body)).toBe('image bytes');

    await store.delete('products/abc.webp');
    expect(await s3.holds('products/abc.webp')).toBe(false);
    expect(await store.get('products/abc.webp')).toBeNull();
    // Deleting what is not there is no error.
    await store.delete('products/abc.webp');
  });

  it('serves public objects from its public address, cacheable for a year', async () => {
    await store.put('categories/pub.webp', Buffer.from('public bytes'), 'image/webp');
    const answer = await fetch(store.publicUrl('categories/pub.webp'));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/webp');
    expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await answer.text()).toBe('public bytes');
  });

  it('marks private objects as never cacheable by shared caches', async () => {
    await store.put('private/proofs/x.webp', Buffer.from('p'), 'image/webp');
    // s3rver answers anyone (it has no bucket policies), which lets the test read the metadata kept.
    const answer = await fetch(`${s3.endpoint}/${s3.bucket}/private/proofs/x.webp`, { method: 'HEAD' });
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
  });

  it('answers null for a missing object and rethrows other failures', async () => {
    expect(await store.get('nothing/here.webp')).toBeNull();
    // A store whose server is gone fails loudly rather than answering "no such file".
    const gone = await startS3rver();
    const orphaned = gone.store();
    await gone.close();
    await expect(orphaned.get('products/a.webp')).rejects.toThrow();
    await expect(orphaned.put('products/a.webp', Buffer.from('a'), 'image/webp')).rejects.toThrow();
  });

  it('lists the objects under a folder with when each was written, across pages', async () => {
    const paged = s3.store({ listPageSize: 2 });
    for (const key of ['listed/a.webp', 'listed/b.webp', 'listed/c.webp', 'elsewhere/d.webp']) {
      await paged.put(key, Buffer.from(key), 'image/webp');
    }
    const written = new Date('2026-01-02T03:04:05Z');
    await s3.backdate('listed/b.webp', written);

    const found = await listed(paged, 'listed/');
    expect(found.map((object) => object.key).sort()).toEqual([
      'listed/a.webp',
      'listed/b.webp',
      'listed/c.webp',
    ]);
    expect(found.find((object) => object.key === 'listed/b.webp')?.lastModified).toEqual(written);
    const fresh = found.find((object) => object.key === 'listed/a.webp')!;
    expect(Date.now() - fresh.lastModified.getTime()).toBeLessThan(60_000);

    expect(await listed(paged, 'never-written/')).toEqual([]);
  });
});

describe('S3 public addresses', () => {
  const options: S3StoreOptions = {
    bucket: 'nour',
    region: 'eu-central-1',
    accessKeyId: 'key',
    secretAccessKey: 'secret',
  };

  it('builds them from S3_PUBLIC_URL, the endpoint, or AWS itself', () => {
    expect(createS3Store({ ...options, publicUrl: 'https://cdn.nour.shop/' }).publicUrl('a/b.webp')).toBe(
      'https://cdn.nour.shop/a/b.webp',
    );
    expect(createS3Store({ ...options, endpoint: 'http://minio:9000' }).publicUrl('a/b.webp')).toBe(
      'http://minio:9000/nour/a/b.webp',
    );
    expect(createS3Store(options).publicUrl('a/b.webp')).toBe(
      'https://nour.s3.eu-central-1.amazonaws.com/a/b.webp',
    );
  });

  it("are every store's one prefix followed by the key, which listing cards rely on", () => {
    const stores = [
      createS3Store({ ...options, publicUrl: 'https://cdn.nour.shop/' }),
      createS3Store({ ...options, endpoint: 'http://minio:9000' }),
      createS3Store(options),
      createObjectStore(testConfig({ DATA_DIR: '/tmp/nour-store-choice' })),
      withAbsoluteUrls(
        createObjectStore(testConfig({ DATA_DIR: '/tmp/nour-store-choice' })),
        'https://nour.shop',
      ),
    ];
    for (const store of stores) {
      for (const key of ['products/a.webp', 'categories/b c-320.webp']) {
        expect(store.publicUrl(key)).toBe(store.publicUrl('') + key);
      }
    }
  });
});

describe('createObjectStore', () => {
  it('uses the local directory when no bucket is configured', () => {
    const local = createObjectStore(testConfig({ DATA_DIR: '/tmp/nour-store-choice' }));
    expect(local.publicUrl('products/a.webp')).toBe('/uploads/products/a.webp');
  });

  it('uses the S3 bucket the S3_* variables name', async () => {
    const configured = createObjectStore(testConfig(s3.env));
    expect(configured.publicUrl('products/a.webp')).toBe(`${s3.endpoint}/${s3.bucket}/products/a.webp`);
    await configured.put('products/configured.webp', Buffer.from('c'), 'image/webp');
    expect(await s3.holds('products/configured.webp')).toBe(true);
  });
});
