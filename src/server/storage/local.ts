import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { PUBLIC_PREFIX, type ObjectStore } from './types';

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  avif: 'image/avif',
  gif: 'image/gif',
};

/** Objects as files under one directory (DATA_DIR/uploads by default). */
export function createLocalStore(rootDir: string): ObjectStore {
  const root = resolve(rootDir);

  // A key is ours to build, but a key that climbs out of the root would read or delete any file.
  function pathOf(key: string): string {
    const path = resolve(root, key);
    if (!path.startsWith(root + sep)) throw new Error(`Object key escapes the store: ${key}`);
    return path;
  }

  return {
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, body);
    },
    async get(key) {
      const path = pathOf(key);
      try {
        const info = await stat(path);
        if (!info.isFile()) return null;
        const extension = key.split('.').pop()?.toLowerCase() ?? '';
        return {
          body: createReadStream(path),
          contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream',
          size: info.size,
        };
      } catch {
        return null;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    publicUrl(key) {
      return PUBLIC_PREFIX + key;
    },
  };
}

export function localStoreRoot(dataDir: string): string {
  return join(dataDir, 'uploads');
}
