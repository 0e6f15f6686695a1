import { ImagePlus, X } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { ACCEPTED_IMAGE_TYPES, MAX_IMAGE_BYTES } from '@/shared/constants';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/admin/messages';
import { isolate } from '@/web/i18n/bidi';
import { notify } from '@/web/lib/notify';

const m = messages.admin;

/** Object URLs for local previews, released when the files change or the screen closes. */
export function usePreviewUrls(files: File[]): string[] {
  const urls = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls]);
  return urls;
}

/**
 * Keeps only image files under 5 MB and says why any other was left out; the server checks the
 * content again, this only spares the admin an upload that would be refused.
 */
export function keepImages(files: Iterable<File>): File[] {
  const kept: File[] = [];
  for (const file of files) {
    if (!file.type.startsWith('image/')) {
      notify.error(messages.orders.imageFileRule);
    } else if (file.size > MAX_IMAGE_BYTES) {
      notify.error(m.imageTooLarge);
    } else {
      kept.push(file);
    }
  }
  return kept;
}

interface ImageInputProps {
  id: string;
  label: string;
  multiple?: boolean;
  required?: boolean;
  error?: string | undefined;
  onFiles: (files: File[]) => void;
}

/** A labelled file input for images; the chosen files go to `onFiles`, the input is emptied for the next pick. */
export function ImageInput({
  id,
  label,
  multiple = false,
  required = false,
  error,
  onFiles,
}: ImageInputProps) {
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
        {required && <span className="text-danger"> *</span>}
      </label>
      <div className="flex items-center gap-3 rounded-field border border-dashed border-line-strong bg-surface p-3">
        <ImagePlus className="size-5 shrink-0 text-muted" aria-hidden="true" />
        <input
          id={id}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES.join(',')}
          multiple={multiple}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : `${id}-hint`}
          className="min-w-0 flex-1 text-sm file:me-3 file:rounded-pill file:border-0 file:bg-sand file:px-3 file:py-1.5 file:text-sm file:text-ink"
          onChange={(event) => {
            const files = keepImages(event.target.files ?? []);
            event.target.value = '';
            if (files.length) onFiles(files);
          }}
        />
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
        {m.imageFilesOnly}
      </p>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

interface PreviewProps {
  src: string;
  alt: string;
  onRemove?: (() => void) | undefined;
  isNew?: boolean;
}

export function ImagePreview({ src, alt, onRemove, isNew = false }: PreviewProps) {
  const [broken, setBroken] = useState(false);
  return (
    <figure className="relative size-24 shrink-0 overflow-hidden rounded-lg border border-line bg-sand">
      {!broken && (
        <img src={src} alt={alt} className="size-full object-cover" onError={() => setBroken(true)} />
      )}
      {isNew && (
        <span className="absolute start-1 bottom-1 rounded-pill bg-ink/80 px-1.5 text-[0.65rem] text-canvas">
          {m.newBadge}
        </span>
      )}
      {onRemove && (
        <button
          type="button"
          onClick={onRemove}
          className="absolute end-1 top-1 grid size-6 place-items-center rounded-pill bg-surface/90 text-danger shadow-soft hover:bg-surface"
          aria-label={format(m.removeNamed, { name: isolate(alt) })}
        >
          <X className="size-3.5" aria-hidden="true" />
        </button>
      )}
    </figure>
  );
}
