import type { StoredImage } from '../db/schema';
import { deleteStoredImage, readUploadedImage } from '../images/pipeline';
import type { ObjectStore } from '../storage/types';

type StoreOne = (store: ObjectStore, buffer: Buffer) => Promise<StoredImage>;

/**
 * Stores several uploads through the image pipeline, all or none: every file is checked by its content
 * before the first is written, and if one still fails while encoding, the ones already written go again.
 * Runs before any transaction (PGlite runs one at a time, and image work is slow).
 */
export async function storeImages(
  store: ObjectStore,
  buffers: Buffer[],
  storeOne: StoreOne,
): Promise<StoredImage[]> {
  for (const buffer of buffers) await readUploadedImage(buffer);
  const stored: StoredImage[] = [];
  try {
    // One at a time: each already encodes its sizes in parallel, and the machine's cores are shared.
    for (const buffer of buffers) stored.push(await storeOne(store, buffer));
  } catch (error) {
    await discardImages(store, stored);
    throw error;
  }
  return stored;
}

/**
 * Deletes image files that no record uses any more. A file that fails to go is left behind rather than
 * failing the request: the database is already right, and an unused file harms nobody.
 */
export async function discardImages(store: ObjectStore, images: Array<StoredImage | null | undefined>) {
  await Promise.allSettled(images.map((image) => deleteStoredImage(store, image)));
}
