import { useId, type ReactNode } from 'react';
import { messages } from '@/web/admin/messages';
import { ModalFrame } from '@/web/components/dialog';
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
  const modal = useModal<HTMLButtonElement>(onCancel);

  return (
    <ModalFrame
      modal={modal}
      onClose={onCancel}
      labelledBy={titleId}
      describedBy={bodyId}
      className="max-w-md p-6"
    >
      <h2 id={titleId} className="text-2xl text-ink">
        {title}
      </h2>
      <div id={bodyId} className="mt-3 text-ink-soft">
        {children}
      </div>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <button ref={modal.initialFocus} type="button" className="btn btn-outline" onClick={onCancel}>
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
    </ModalFrame>
  );
}
