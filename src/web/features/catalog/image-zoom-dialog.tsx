import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useId, useState, type MouseEvent } from 'react';
import type { ImageDto } from '@/shared/schemas/product';
import { ProductImage } from '@/web/components/product-card/product-image';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/i18n/messages';
import { useModal } from '@/web/lib/use-modal';

const m = messages.catalog;

interface ImageZoomDialogProps {
  images: ImageDto[];
  name: string;
  /** The image it opens on. */
  start: number;
  onClose: () => void;
}

/**
 * A product's pictures as large as the screen allows (issue 16). A tap or click on the picture doubles
 * it around that point, another one brings it back; the arrows and ←/→ go through the pictures. A modal:
 * named, focus on Close and kept inside, Escape and the backdrop close it, focus returns to the opener.
 */
export function ImageZoomDialog({ images, name, start, onClose }: ImageZoomDialogProps) {
  const titleId = useId();
  const [shown, setShown] = useState(start);
  const [origin, setOrigin] = useState<string | null>(null);
  const close = onClose;
  const { panel, initialFocus: closeButton, onKeyDown } = useModal<HTMLButtonElement>(onClose);
  const many = images.length > 1;
  const rtl = document.documentElement.dir === 'rtl';

  const go = (step: number) => {
    setOrigin(null);
    setShown((current) => (current + step + images.length) % images.length);
  };

  const toggleZoom = (event: MouseEvent<HTMLButtonElement>) => {
    if (origin) {
      setOrigin(null);
      return;
    }
    const box = event.currentTarget.getBoundingClientRect();
    // A keyboard's click has no point: it zooms on the middle.
    const x = event.detail === 0 || box.width === 0 ? 50 : ((event.clientX - box.left) / box.width) * 100;
    const y = event.detail === 0 || box.height === 0 ? 50 : ((event.clientY - box.top) / box.height) * 100;
    setOrigin(`${x}% ${y}%`);
  };

  return (
    <div
      className="fixed inset-0 z-50"
      onKeyDown={(event) => {
        // The arrows follow the reading direction: → is the next picture in English, the previous in Arabic.
        if (many && (event.key === 'ArrowRight' || event.key === 'ArrowLeft')) {
          go((event.key === 'ArrowRight') !== rtl ? 1 : -1);
          return;
        }
        onKeyDown(event);
      }}
    >
      <div className="absolute inset-0 bg-ink/90" aria-hidden="true" onClick={close} />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="pointer-events-none relative flex h-full flex-col"
      >
        <div className="pointer-events-auto flex items-center justify-between gap-3 p-3 text-canvas sm:p-5">
          <div className="min-w-0">
            <h2 id={titleId} className="truncate font-sans text-sm font-medium">
              <bdi>{name}</bdi>
            </h2>
            {many ? (
              <p className="text-xs text-canvas/80" aria-live="polite">
                {format(m.imageNOfTotal, { n: shown + 1, total: images.length })}
              </p>
            ) : null}
          </div>
          <button
            ref={closeButton}
            type="button"
            onClick={close}
            aria-label={m.closeZoom}
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-pill bg-canvas/10 text-canvas transition hover:bg-canvas/20"
          >
            <X className="size-5" aria-hidden="true" />
          </button>
        </div>
        <div className="relative flex min-h-0 flex-1 items-center justify-center px-3 pb-3 sm:px-16 sm:pb-6">
          <button
            type="button"
            onClick={toggleZoom}
            aria-pressed={origin !== null}
            aria-label={format(m.zoomImage, { n: shown + 1 })}
            className={`pointer-events-auto h-full max-w-full overflow-hidden rounded-card ${origin ? 'cursor-zoom-out' : 'cursor-zoom-in'}`}
          >
            <ProductImage
              image={images[shown]}
              alt={many ? `${name} (${shown + 1}/${images.length})` : name}
              sizes="100vw"
              eager
              fit="contain"
              className="h-full w-auto max-w-full transition-transform duration-300"
              style={origin ? { transform: 'scale(2)', transformOrigin: origin } : undefined}
            />
          </button>
          {many ? (
            <>
              <button
                type="button"
                onClick={() => go(-1)}
                aria-label={m.previousImage}
                className="pointer-events-auto absolute start-2 top-1/2 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-pill bg-canvas/90 text-ink shadow-card transition hover:bg-canvas sm:start-4"
              >
                <ChevronLeft className="size-5 rtl:-scale-x-100" aria-hidden="true" />
              </button>
              <button
                type="button"
                onClick={() => go(1)}
                aria-label={m.nextImage}
                className="pointer-events-auto absolute end-2 top-1/2 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-pill bg-canvas/90 text-ink shadow-card transition hover:bg-canvas sm:end-4"
              >
                <ChevronRight className="size-5 rtl:-scale-x-100" aria-hidden="true" />
              </button>
            </>
          ) : null}
        </div>
      </div>
    </div>
  );
}
