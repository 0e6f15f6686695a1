import { translator } from '@/web/i18n/translate';
import { ImageUp, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { messages } from '@/web/i18n/messages';

const m = messages.orders;

interface PaymentProofFieldProps {
  file: File | null;
  error: string | null;
  required: boolean;
  /** False when the file was refused. */
  onChoose: (file: File | null) => boolean;
}

/** The transfer screenshot: a labelled file input with a preview of the chosen image and a way to drop it. */
export function PaymentProofField({ file, error, required, onChoose }: PaymentProofFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!file) {
      setPreviewUrl(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreviewUrl(url);
    // The object URL holds the whole file in memory until revoked.
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const errorId = `${id}-error`;
  const labelId = `${id}-label`;
  return (
    <div>
      <label id={labelId} htmlFor={id} className="label">
        {required ? m.paymentProof : m.paymentProofOptional}
      </label>
      <div
        className={`relative flex flex-col gap-3 rounded-field border border-dashed p-4 pe-12 sm:flex-row sm:items-center ${
          error ? 'border-danger' : 'border-line-strong'
        }`}
      >
        {previewUrl ? (
          <img
            src={previewUrl}
            alt={m.proofPreview}
            className="size-24 shrink-0 rounded-field border border-line object-cover"
          />
        ) : (
          <span
            aria-hidden
            className="grid size-24 shrink-0 place-items-center rounded-field bg-sand text-muted"
          >
            <ImageUp className="size-7" />
          </span>
        )}
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <p className="text-sm text-ink-soft">{m.uploadProof}</p>
          {/*
            The browser's own file button speaks the browser's language ('Choose File' on an Arabic
            page): the input stays, out of sight but focusable, named by the field's label, and a
            label in the page's language opens it and shows its focus.
          */}
          <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-2">
            <input
              ref={input}
              id={id}
              type="file"
              accept="image/*"
              aria-labelledby={labelId}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className="peer sr-only"
              onChange={(event) => {
                const chosen = event.target.files?.[0];
                // Closing the picker without a choice keeps the proof already chosen.
                if (!chosen) return;
                // A refused file must be choosable again after the shopper fixes it.
                if (!onChoose(chosen)) event.target.value = '';
              }}
            />
            <label
              htmlFor={id}
              aria-hidden="true"
              className="btn btn-primary cursor-pointer px-4 py-2 text-sm peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent"
            >
              {m.chooseProof}
            </label>
            <span className="min-w-0 truncate text-sm text-ink-soft">
              {file ? <bdi>{file.name}</bdi> : m.noProofChosen}
            </span>
          </div>
          <p className="text-xs text-muted">{m.proofHint}</p>
        </div>
        {file && (
          <button
            type="button"
            className="btn btn-ghost absolute end-2 top-2 px-2 py-2"
            aria-label={m.removeProof}
            onClick={() => {
              onChoose(null);
              if (input.current) {
                input.current.value = '';
                input.current.focus();
              }
            }}
          >
            <X aria-hidden className="size-4" />
          </button>
        )}
      </div>
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {translator.text(error)}
        </p>
      )}
    </div>
  );
}
