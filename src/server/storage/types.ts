import type { Readable } from 'node:stream';

/**
 * Where images live: a local directory by default, any S3-compatible store when S3_BUCKET is set.
 * Keys are paths like `products/3f2a….webp`. Public keys (product and category images) are served to
 * anyone under `publicUrl`; private keys (payment proofs, under `private/`) only through signed links.
 */
export interface ObjectStore {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** null when there is no such object. */
  get(key: string): Promise<{ body: Readable; contentType: string; size?: number } | null>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  /**
   * The address a browser loads a public object from: always the store's one prefix (`publicUrl('')`)
   * followed by the key, which listing cards rely on (they hold keys and a mark for the prefix).
   */
  publicUrl(key: string): string;
  /** Every object under `folder` (a key prefix ending in `/`, e.g. `products/`; '' for all), in no set order. */
  list(folder: string): AsyncIterable<ListedObject>;
}

export interface ListedObject {
  key: string;
  /** When the object was written: the sweeper leaves recent files alone, their rows may be on the way. */
  lastModified: Date;
}

export const PUBLIC_PREFIX = '/uploads/';
