import { useId, type ReactNode } from 'react';
import { messages } from '@/web/admin/messages';
import { useModal } from '@/web/lib/use-modal';

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** What the dismissing button says: 'Cancel' unless that could be read as a choice in the dialog. */
  dismissLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A modal confirmation: labelled and described for screen readers, focus moves in and stays in, Escape
 * and the backdrop cancel, and focus goes back to where it was when it closes.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  dismissLabel = messages.admin.cancel,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const titleId = useId();
  const bodyId = useId();
  const { panel, initialFocus: cancelButton, onKeyDown } = useModal<HTMLButtonElement>(onCancel);

  return (
    <div className="fixed inset-0 z-50 grid place-items-center p-4" onKeyDown={onKeyDown}>
      <div className="absolute inset-0 bg-ink/40" aria-hidden="true" onClick={onCancel} />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        className="card relative w-full max-w-md p-6 shadow-lift"
      >
        <h2 id={titleId} className="text-2xl text-ink">
          {title}
        </h2>
        <div id={bodyId} className="mt-3 text-ink-soft">
          {children}
        </div>
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <button ref={cancelButton} type="button" className="btn btn-outline" onClick={onCancel}>
            {dismissLabel}
          </button>
          <button
            type="button"
            className="btn bg-danger text-on-accent hover:opacity-90"
            onClick={onConfirm}
            disabled={busy}
          >
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
