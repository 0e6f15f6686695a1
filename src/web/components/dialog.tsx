import { X } from 'lucide-react';
import type { KeyboardEvent, ReactNode, RefObject } from 'react';
import { useId } from 'react';
import { useModal } from '@/web/lib/use-modal';

interface ModalFrameProps {
  /** useModal's panel and key handler: focus kept inside, Escape closes. */
  modal: { panel: RefObject<HTMLDivElement | null>; onKeyDown: (event: KeyboardEvent) => void };
  onClose: () => void;
  labelledBy: string;
  describedBy?: string;
  /** The panel's own classes beside the card's, e.g. its width. */
  className: string;
  children: ReactNode;
}

/**
 * The screen of every modal panel: a backdrop that closes it, and the panel named for screen readers.
 * A flex box, not a grid: a panel's max-h-full then holds it to the screen (a grid's auto row would not).
 */
export function ModalFrame({
  modal,
  onClose,
  labelledBy,
  describedBy,
  className,
  children,
}: ModalFrameProps) {
  return (
    <div
      className="fixed inset-0 z-50 flex items-center justify-center p-3 sm:p-6"
      onKeyDown={modal.onKeyDown}
    >
      <div className="absolute inset-0 bg-ink/50" aria-hidden="true" onClick={onClose} />
      <div
        ref={modal.panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        className={`card relative w-full min-w-0 shadow-lift ${className}`}
      >
        {children}
      </div>
    </div>
  );
}

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
  const modal = useModal<HTMLButtonElement>(onClose);
  return (
    <ModalFrame
      modal={modal}
      onClose={onClose}
      labelledBy={titleId}
      className={`flex max-h-full flex-col p-4 sm:p-6 ${width}`}
    >
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 id={titleId} className="text-2xl text-ink">
          {title}
        </h2>
        <button
          ref={modal.initialFocus}
          type="button"
          className="btn btn-ghost px-2.5 py-2"
          onClick={onClose}
          aria-label={closeLabel}
        >
          <X className="size-5" aria-hidden="true" />
        </button>
      </div>
      {children}
    </ModalFrame>
  );
}
