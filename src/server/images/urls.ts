import type { ImageDto } from '@/shared/schemas/product';
import type { StoredImage } from '../db/schema';
import type { ObjectStore } from '../storage/types';

/**
 * Originals wider than this are scaled down: nothing on any screen shows more. Listing cards write it
 * too (migration 0015, `product_card_image`), for an original stored before its width was recorded.
 */
export const MAX_STORED_WIDTH_PX = 1600;

/** The key of the copy of `image` that is `width` pixels wide. */
export function variantKey(key: string, width: number): string {
  return key.replace(/\.webp$/, '') + `-${width}.webp`;
}

/**
 * A stored public image as the API answers it: the full size under `url`, and in `srcset` every size,
 * the full one included, so a browser that needs more than the largest copy picks the original.
 */
export function imageDto(store: ObjectStore, image: StoredImage | null | undefined): ImageDto {
  if (!image) return { url: '' };
  const url = store.publicUrl(image.key);
  const dto: ImageDto = { url };
  if (image.widths.length > 0) {
    // Rows stored before the original's width was recorded: it is at most the cap and wider than any
    // copy, so the cap is a descriptor that keeps it the browser's choice for the widest slots.
    const fullWidth = image.width ?? MAX_STORED_WIDTH_PX;
    dto.srcset = [
      ...image.widths.map((width) => `${store.publicUrl(variantKey(image.key, width))} ${width}w`),
      `${url} ${fullWidth}w`,
    ].join(', ');
  }
  return dto;
}
