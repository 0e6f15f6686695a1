import type { ObjectStore } from './types';

/**
 * The store with every public address made absolute on `publicUrl` (PUBLIC_URL), so a client served
 * from another origin can show the images as they come. Addresses that are already absolute (an S3
 * bucket's or CDN's) are left as they are.
 */
export function withAbsoluteUrls(store: ObjectStore, publicUrl: string | undefined): ObjectStore {
  if (!publicUrl) return store;
  return {
    ...store,
    publicUrl: (key) => absoluteUrl(store.publicUrl(key), publicUrl),
  };
}

/** `path` on `publicUrl` when it is a path on this server; anything else unchanged. */
export function absoluteUrl(path: string, publicUrl: string | undefined): string {
  return publicUrl && path.startsWith('/') && !path.startsWith('//') ? publicUrl + path : path;
}
