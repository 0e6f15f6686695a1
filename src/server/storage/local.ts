import { createReadStream } from 'node:fs';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
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
    async *list(folder) {
      let entries;
      try {
        // '' is the whole store (a backup reads every object); any other folder must stay inside it.
        entries = await readdir(folder === '' ? root : pathOf(folder), {
          recursive: true,
          withFileTypes: true,
        });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const path = join(entry.parentPath, entry.name);
        // A file deleted since the directory was read is simply not there any more.
        const info = await stat(path).catch(() => null);
        if (!info) continue;
        yield { key: relative(root, path).split(sep).join('/'), lastModified: info.mtime };
      }
    },
  };
}

export function localStoreRoot(dataDir: string): string {
  return join(dataDir, 'uploads');
}
