import { direction } from '@/web/i18n/language';
import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useState } from 'react';
import { PRODUCT_CAROUSEL, PRODUCT_IMAGE_SIZES } from '@/shared/constants';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/i18n/messages';
import type { ImageDto } from '@/shared/schemas/product';
import { ProductImage } from '@/web/components/product-card/product-image';

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

/** SPEC §2's image carousel with thumbnails: it advances every 3 s and pauses while hovered or touched. */
export function ProductGallery({ images, name }: ProductGalleryProps) {
  const many = images.length > 1;
  const [viewportRef, embla] = useEmblaCarousel(
    {
      loop: many,
      duration: SLIDE_DURATION,
      watchDrag: many,
      // Swipes the Arabic way on right-to-left pages.
      direction,
    },
    many
      ? [Autoplay({ delay: PRODUCT_CAROUSEL.autoplayMs, stopOnMouseEnter: true, stopOnInteraction: false })]
      : [],
  );
  const [selected, setSelected] = useState(0);

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

  return (
    <div className="flex flex-col gap-4">
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
              <ProductImage
                image={image}
                alt={slides.length > 1 ? `${name} (${index + 1}/${slides.length})` : name}
                sizes={PRODUCT_IMAGE_SIZES.gallery}
                eager={index === 0}
                className="aspect-[4/5] w-full"
              />
            </div>
          ))}
        </div>
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
    </div>
  );
}
