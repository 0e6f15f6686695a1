import { ImageOff } from 'lucide-react';
import { useState, type CSSProperties } from 'react';
import type { ImageDto } from '@/shared/schemas/product';

interface ProductImageProps {
  image: ImageDto | undefined;
  alt: string;
  /** The `sizes` hint for `srcset`: how wide the image is drawn at each screen width. */
  sizes: string;
  className?: string;
  /** The page's main picture: fetched at once and before the others, not when scrolled near. */
  eager?: boolean;
  /** How the photo fills its box: cropped to it (the default) or whole inside it. */
  fit?: 'cover' | 'contain';
  style?: CSSProperties;
  /** The picture's own size, when it is not a 4:5 product photo (the home page's hero picture). */
  width?: number;
  height?: number;
}

/** The intrinsic size sent with every product image, so the browser reserves its 4:5 box before it loads. */
const WIDTH = 640;
const HEIGHT = 800;

/** A product photo with `srcset`, lazy loading (unless `eager`) and a quiet placeholder when there is none or it fails. */
export function ProductImage({
  image,
  alt,
  sizes,
  className = '',
  eager = false,
  fit = 'cover',
  style,
  width = WIDTH,
  height = HEIGHT,
}: ProductImageProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (!image?.url || failedUrl === image.url) {
    return (
      <div
        // An empty alt marks a decorative image; its placeholder is then hidden from assistive technology too.
        {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
        className={`flex items-center justify-center bg-sand text-line-strong ${className}`}
      >
        <ImageOff className="size-8" aria-hidden="true" />
      </div>
    );
  }
  return (
    <img
      src={image.url}
      srcSet={image.srcset}
      sizes={image.srcset ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
      decoding="async"
      onError={() => setFailedUrl(image.url)}
      style={style}
      className={`${fit === 'cover' ? 'object-cover' : 'object-contain'} ${className}`}
    />
  );
}
