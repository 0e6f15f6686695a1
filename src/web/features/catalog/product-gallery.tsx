import { direction } from '@/web/i18n/language';
import useEmblaCarousel from 'embla-carousel-react';
import { ZoomIn } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { PRODUCT_CAROUSEL } from '@/shared/constants';
import { PRODUCT_IMAGE_SIZES } from '@/shared/shell-constants';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/i18n/messages';
import type { ImageDto } from '@/shared/schemas/product';
import { ProductImage } from '@/web/components/product-card/product-image';
import { ImageZoomDialog } from './image-zoom-dialog';

const m = messages.catalog;

/**
 * Embla's `duration` is a spring setting, not milliseconds; 25 (its default) settles a slide in about
 * the 500 ms SPEC §9 asks for.
 */
const SLIDE_DURATION = Math.round(PRODUCT_CAROUSEL.speedMs / 20);

interface ProductGalleryProps {
  images: ImageDto[];
  name: string;
}

/**
 * SPEC §2's image carousel with thumbnails. It stays on the picture the shopper looks at (issue 16: no
 * autoplay); it swipes, a thumbnail shows its picture, and a tap or click on the picture opens it large.
 */
export function ProductGallery({ images, name }: ProductGalleryProps) {
  const many = images.length > 1;
  const [viewportRef, embla] = useEmblaCarousel({
    loop: many,
    duration: SLIDE_DURATION,
    watchDrag: many,
    // Swipes the Arabic way on right-to-left pages.
    direction,
  });
  const [selected, setSelected] = useState(0);
  const [zoomed, setZoomed] = useState<number | null>(null);

  const sync = useCallback(() => {
    if (embla) setSelected(embla.selectedScrollSnap());
  }, [embla]);

  useEffect(() => {
    if (!embla) return;
    embla.on('select', sync).on('reInit', sync);
    return () => {
      embla.off('select', sync).off('reInit', sync);
    };
  }, [embla, sync]);

  const slides = images.length > 0 ? images : [undefined];
  const altOf = (index: number) => (slides.length > 1 ? `${name} (${index + 1}/${slides.length})` : name);

  return (
    <div className="flex flex-col gap-4">
      <div className="relative">
        <div
          className="overflow-hidden rounded-card bg-sand"
          ref={viewportRef}
          role="region"
          aria-roledescription="carousel"
          aria-label={m.productImages}
        >
          <div className="flex touch-pan-y">
            {slides.map((image, index) => (
              <div key={image?.url ?? index} className="min-w-0 shrink-0 grow-0 basis-full">
                {image ? (
                  // Embla swallows the click that ends a swipe, so only a tap or a click opens the zoom.
                  <button
                    type="button"
                    className="block w-full cursor-zoom-in"
                    aria-label={format(m.zoomImage, { n: index + 1 })}
                    aria-haspopup="dialog"
                    tabIndex={index === selected ? 0 : -1}
                    onClick={() => setZoomed(index)}
                  >
                    <ProductImage
                      image={image}
                      alt={altOf(index)}
                      sizes={PRODUCT_IMAGE_SIZES.gallery}
                      eager={index === 0}
                      className="aspect-[4/5] w-full"
                    />
                  </button>
                ) : (
                  <ProductImage
                    image={undefined}
                    alt={name}
                    sizes={PRODUCT_IMAGE_SIZES.gallery}
                    className="aspect-[4/5] w-full"
                  />
                )}
              </div>
            ))}
          </div>
        </div>
        {images.length > 0 ? (
          <span
            aria-hidden="true"
            className="pointer-events-none absolute end-3 bottom-3 inline-flex size-10 items-center justify-center rounded-pill bg-surface/90 text-ink shadow-soft"
          >
            <ZoomIn className="size-5" />
          </span>
        ) : null}
      </div>
      {many ? (
        <ul className="flex gap-3 overflow-x-auto pb-1">
          {images.map((image, index) => (
            <li key={image.url} className="shrink-0">
              <button
                type="button"
                aria-label={format(m.showImage, { n: index + 1 })}
                aria-current={index === selected ? 'true' : undefined}
                onClick={() => embla?.scrollTo(index)}
                className={`block overflow-hidden rounded-field border-2 transition ${
                  index === selected ? 'border-ink' : 'border-transparent opacity-70 hover:opacity-100'
                }`}
              >
                <ProductImage image={image} alt="" sizes="80px" className="h-20 w-16" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {zoomed !== null ? (
        <ImageZoomDialog
          images={images}
          name={name}
          start={zoomed}
          // The gallery stays on the picture that was opened, whose button gets the focus back.
          onClose={() => setZoomed(null)}
        />
      ) : null}
    </div>
  );
}
