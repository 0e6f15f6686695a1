import { language } from '@/web/i18n/language';
import { messages } from '@/web/i18n/messages';
import { Dialog } from '@/web/components/dialog';

const m = messages.variants;

/** The size chart a category holds (issue 13): column headers, and rows of as many cells. */
interface SizeChart {
  columns: string[];
  /** The headings in Arabic (issue 35), empty where none: an Arabic page says those. */
  columnsAr?: string[] | undefined;
  rows: string[][];
}

interface SizeGuideDialogProps {
  title: string;
  guide: SizeChart;
  onClose: () => void;
}

/**
 * The category's size chart in a modal (Dialog: focus returns to the 'Size guide' button). The table
 * scrolls sideways inside the dialog on a phone, its first column (the size) staying in view.
 */
export function SizeGuideDialog({ title, guide, onClose }: SizeGuideDialogProps) {
  return (
    <Dialog title={title} closeLabel={m.close} onClose={onClose} width="max-w-2xl">
      {/* A scrollable region is a tab stop, so a keyboard can scroll a wide chart too. */}
      <div className="min-h-0 overflow-auto rounded-field border border-line" tabIndex={0} aria-label={title}>
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
                  <bdi>{(language === 'ar' && guide.columnsAr?.[index]) || column}</bdi>
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
    </Dialog>
  );
}
