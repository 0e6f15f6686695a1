import type { ImageDto } from '@/shared/schemas/product';
import type { StoredImage } from '../db/schema';
import type { ObjectStore } from '../storage/types';

/** The key of the copy of `image` that is `width` pixels wide. */
export function variantKey(key: string, width: number): string {
  return key.replace(/\.webp$/, '') + `-${width}.webp`;
}

/** A stored public image as the API answers it: the full size under `url`, the smaller copies in `srcset`. */
export function imageDto(store: ObjectStore, image: StoredImage | null | undefined): ImageDto {
  if (!image) return { url: '' };
  const dto: ImageDto = { url: store.publicUrl(image.key) };
  if (image.widths.length > 0) {
    dto.srcset = image.widths
      .map((width) => `${store.publicUrl(variantKey(image.key, width))} ${width}w`)
      .join(', ');
  }
  return dto;
}
