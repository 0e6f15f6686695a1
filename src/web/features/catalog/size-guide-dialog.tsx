import { X } from 'lucide-react';
import { useId } from 'react';
import { messages } from '@/web/i18n/messages';
import { useModal } from '@/web/lib/use-modal';

const m = messages.variants;

/** The size chart a category holds (issue 13): column headers, and rows of as many cells. */
interface SizeChart {
  columns: string[];
  rows: string[][];
}

interface SizeGuideDialogProps {
  title: string;
  guide: SizeChart;
  onClose: () => void;
}

/**
 * The category's size chart in a modal: named by its title, focus moves to Close and stays inside,
 * Escape and the backdrop close it, and focus returns to the 'Size guide' button. The table scrolls
 * sideways inside the dialog on a phone, its first column (the size) staying in view.
 */
export function SizeGuideDialog({ title, guide, onClose }: SizeGuideDialogProps) {
  const titleId = useId();
  const { panel, initialFocus: closeButton, onKeyDown } = useModal<HTMLButtonElement>(onClose);

  return (
    <div className="fixed inset-0 z-50 grid place-items-center p-3 sm:p-6" onKeyDown={onKeyDown}>
      <div className="absolute inset-0 bg-ink/50" aria-hidden="true" onClick={onClose} />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="card relative flex max-h-full w-full max-w-2xl min-w-0 flex-col p-4 shadow-lift sm:p-6"
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
            aria-label={m.close}
          >
            <X className="size-5" aria-hidden="true" />
          </button>
        </div>
        {/* A scrollable region is a tab stop, so a keyboard can scroll a wide chart too. */}
        <div
          className="min-h-0 overflow-auto rounded-field border border-line"
          tabIndex={0}
          aria-labelledby={titleId}
        >
          <table className="w-full border-separate border-spacing-0 text-sm">
            <thead>
              <tr>
                {guide.columns.map((column, index) => (
                  <th
                    key={index}
                    scope="col"
                    className={`border-b border-line bg-sand px-3 py-2.5 text-start font-semibold whitespace-nowrap text-ink ${
                      index === 0 ? 'sticky start-0 z-10' : ''
                    }`}
                  >
                    <bdi>{column}</bdi>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {guide.rows.map((row, rowIndex) => (
                <tr key={rowIndex}>
                  {row.map((cell, index) =>
                    index === 0 ? (
                      <th
                        key={index}
                        scope="row"
                        className="sticky start-0 border-b border-line bg-surface px-3 py-2 text-start font-semibold whitespace-nowrap text-ink"
                      >
                        <bdi>{cell}</bdi>
                      </th>
                    ) : (
                      <td
                        key={index}
                        className="border-b border-line px-3 py-2 whitespace-nowrap text-ink-soft"
                      >
                        <bdi>{cell}</bdi>
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </div>
  );
}
