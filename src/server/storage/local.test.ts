import { mkdtemp, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalStore } from './local';
import type { ListedObject, ObjectStore } from './types';

let dir: string;
let store: ObjectStore;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'nour-local-store-'));
  store = createLocalStore(dir);
});
afterEach(() => rm(dir, { recursive: true, force: true }));

async function listed(folder: string): Promise<ListedObject[]> {
  const found: ListedObject[] = [];
  for await (const object of store.list(folder)) found.push(object);
  return found.sort((a, b) => (a.key < b.key ? -1 : 1));
}

describe('local object store: list', () => {
  it('lists every file under a folder, nested ones too, with when each was written', async () => {
    await store.put('private/proofs/a.webp', Buffer.from('a'), 'image/webp');
    await store.put('private/proofs/2026/b.webp', Buffer.from('b'), 'image/webp');
    await store.put('products/c.webp', Buffer.from('c'), 'image/webp');
    const written = new Date('2026-01-02T03:04:05Z');
    await utimes(join(dir, 'private/proofs/a.webp'), written, written);

    const proofs = await listed('private/proofs/');
    expect(proofs.map((object) => object.key)).toEqual([
      'private/proofs/2026/b.webp',
      'private/proofs/a.webp',
    ]);
    expect(proofs[1]!.lastModified).toEqual(written);
    expect(Date.now() - proofs[0]!.lastModified.getTime()).toBeLessThan(60_000);
  });

  it("lists every object of the store for '' (a backup reads them all)", async () => {
    await store.put('private/proofs/a.webp', Buffer.from('a'), 'image/webp');
    await store.put('categories/b.webp', Buffer.from('b'), 'image/webp');
    expect((await listed('')).map((object) => object.key)).toEqual([
      'categories/b.webp',
      'private/proofs/a.webp',
    ]);
  });

  it('answers nothing for a folder that was never written', async () => {
    expect(await listed('categories/')).toEqual([]);
  });

  it('refuses a folder outside the store', async () => {
    await expect(listed('../')).rejects.toThrow('escapes the store');
  });
});
