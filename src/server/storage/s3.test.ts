import { S3ServiceException } from '@aws-sdk/client-s3';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../test/app';
import { fakeS3 } from '../test/fake-s3';
import { createObjectStore } from './index';
import { createS3Store, type S3Sender, type S3StoreOptions } from './s3';

const options: S3StoreOptions = {
  bucket: 'nour',
  region: 'eu-central-1',
  accessKeyId: 'key',
  secretAccessKey: 'secret',
};

describe('S3 object store', () => {
  it('puts, gets and deletes objects in its bucket', async () => {
    const { sender, objects } = fakeS3();
    const store = createS3Store(options, sender);

    await store.put('products/abc.webp', Buffer.from('image bytes'), 'image/webp');
    expect(objects.get('nour/products/abc.webp')).toMatchObject({
      contentType: 'image/webp',
      cacheControl: 'public, max-age=31536000, immutable',
    });

    const object = await store.get('products/abc.webp');
    expect(object).not.toBeNull();
    expect(object?.contentType).toBe('image/webp');
    expect(object?.size).toBe(11);
    expect(await text(object!.body)).toBe('image bytes');

    await store.delete('products/abc.webp');
    expect(objects.has('nour/products/abc.webp')).toBe(false);
    expect(await store.get('products/abc.webp')).toBeNull();
  });

  it('marks private objects as never cacheable by shared caches', async () => {
    const { sender, objects } = fakeS3();
    const store = createS3Store(options, sender);
    await store.put('private/proofs/x.webp', Buffer.from('p'), 'image/webp');
    expect(objects.get('nour/private/proofs/x.webp')?.cacheControl).toBe('private, no-store');
  });

  it('answers null for a missing object and rethrows other failures', async () => {
    const missing = createS3Store(options, {
      send: async () => {
        throw new S3ServiceException({
          name: 'NotFound',
          $fault: 'client',
          $metadata: { httpStatusCode: 404 },
        });
      },
    } as unknown as S3Sender);
    expect(await missing.get('nothing')).toBeNull();

    const broken = createS3Store(options, {
      send: async () => {
        throw new S3ServiceException({
          name: 'AccessDenied',
          $fault: 'client',
          $metadata: { httpStatusCode: 403 },
        });
      },
    } as unknown as S3Sender);
    await expect(broken.get('x')).rejects.toThrow();
  });

  it('lists the objects under a folder with when each was written, across pages', async () => {
    const { sender, objects } = fakeS3(2);
    const store = createS3Store(options, sender);
    for (const key of ['products/a.webp', 'products/b.webp', 'products/c.webp', 'categories/d.webp']) {
      await store.put(key, Buffer.from(key), 'image/webp');
    }
    const written = new Date('2026-01-02T03:04:05Z');
    objects.get('nour/products/b.webp')!.lastModified = written;

    const listed = [];
    for await (const object of store.list('products/')) listed.push(object);
    expect(listed.map((object) => object.key)).toEqual([
      'products/a.webp',
      'products/b.webp',
      'products/c.webp',
    ]);
    expect(listed[1]!.lastModified).toEqual(written);

    const none = [];
    for await (const object of store.list('private/proofs/')) none.push(object);
    expect(none).toEqual([]);
  });

  it('builds public addresses from S3_PUBLIC_URL, the endpoint, or AWS itself', () => {
    const { sender } = fakeS3();
    expect(
      createS3Store({ ...options, publicUrl: 'https://cdn.nour.shop/' }, sender).publicUrl('a/b.webp'),
    ).toBe('https://cdn.nour.shop/a/b.webp');
    expect(createS3Store({ ...options, endpoint: 'http://minio:9000' }, sender).publicUrl('a/b.webp')).toBe(
      'http://minio:9000/nour/a/b.webp',
    );
    expect(createS3Store(options, sender).publicUrl('a/b.webp')).toBe(
      'https://nour.s3.eu-central-1.amazonaws.com/a/b.webp',
    );
  });
});

describe('createObjectStore', () => {
  it('uses the local directory when no bucket is configured', () => {
    const store = createObjectStore(testConfig({ DATA_DIR: '/tmp/nour-store-choice' }));
    expect(store.publicUrl('products/a.webp')).toBe('/uploads/products/a.webp');
  });

  it('uses S3 when S3_BUCKET is set', () => {
    const store = createObjectStore(
      testConfig({
        S3_BUCKET: 'shop',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'k',
        S3_SECRET_ACCESS_KEY: 's',
      }),
    );
    expect(store.publicUrl('products/a.webp')).toBe('http://127.0.0.1:9000/shop/products/a.webp');
  });
});
