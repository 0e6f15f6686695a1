import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useModal } from '@/web/lib/use-modal';

interface DialogProps {
  title: string;
  /** The Close button's name for a screen reader (it shows an ×). */
  closeLabel: string;
  onClose: () => void;
  /** The panel's width, e.g. max-w-2xl. */
  width: string;
  children: ReactNode;
}

/**
 * A modal panel with its title and a Close button: named by the title, focus moves to Close and stays
 * inside, Escape and the backdrop close it, and focus returns to the opener (useModal). The panel is as
 * tall as the screen allows; what it holds scrolls or shrinks inside it.
 */
export function Dialog({ title, closeLabel, onClose, width, children }: DialogProps) {
  const titleId = useId();
  const { panel, initialFocus: closeButton, onKeyDown } = useModal<HTMLButtonElement>(onClose);
  return (
    // A flex box, not a grid: the panel's max-h-full then holds it to the screen (a grid's auto row would not).
    <div className="fixed inset-0 z-50 flex items-center justify-center p-3 sm:p-6" onKeyDown={onKeyDown}>
      <div className="absolute inset-0 bg-ink/50" aria-hidden="true" onClick={onClose} />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className={`card relative flex max-h-full w-full min-w-0 flex-col p-4 shadow-lift sm:p-6 ${width}`}
      >
        <div className="mb-4 flex items-center justify-between gap-3">
          <h2 id={titleId} className="text-2xl text-ink">
            {title}
          </h2>
          <button
            ref={closeButton}
            type="button"
            className="btn btn-ghost px-2.5 py-2"
            onClick={onClose}
            aria-label={closeLabel}
          >
            <X className="size-5" aria-hidden="true" />
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
