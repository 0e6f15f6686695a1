import { Plus, Trash2, X } from 'lucide-react';
import { useId } from 'react';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/admin/messages';
import { isolate } from '@/web/i18n/bidi';
import type { SizeGuide } from '@/shared/schemas/variants';

const v = messages.adminVariants;

/** A new chart's first shape: the size column and one more, one empty row. */
const STARTING_GUIDE: SizeGuide = { columns: [messages.variants.sizeFilter, ''], rows: [['', '']] };

interface SizeGuideEditorProps {
  guide: SizeGuide | null;
  onChange: (next: SizeGuide | null) => void;
  /** The first rule the chart breaks, from the last save. */
  error?: string | undefined;
}

/**
 * The category's size chart (issue 13) as a table of inputs: headings on top, a row per size, and
 * buttons to add or remove a row or a column. Every input is named by its row and its column's
 * heading; on a phone the table scrolls sideways inside its box.
 */
export function SizeGuideEditor({ guide, onChange, error }: SizeGuideEditorProps) {
  const id = useId();
  if (!guide) {
    return (
      <fieldset className="flex min-w-0 flex-col gap-3 rounded-card border border-line p-4">
        <legend className="px-1 font-sans text-base font-semibold text-ink">
          {messages.variants.sizeGuide}
        </legend>
        <p className="text-sm text-ink-soft">{v.sizeGuideIntro}</p>
        <button type="button" className="btn btn-outline self-start" onClick={() => onChange(STARTING_GUIDE)}>
          <Plus className="size-4" aria-hidden="true" />
          {v.addSizeGuide}
        </button>
      </fieldset>
    );
  }

  const { columns, rows } = guide;
  // One Arabic heading per column (issue 35), empty where none is written yet.
  const columnsAr = columns.map((_, index) => guide.columnsAr?.[index] ?? '');
  const setColumn = (index: number, text: string) =>
    onChange({ ...guide, columns: columns.map((column, at) => (at === index ? text : column)) });
  const setColumnAr = (index: number, text: string) =>
    onChange({ ...guide, columnsAr: columnsAr.map((column, at) => (at === index ? text : column)) });
  const setCell = (rowIndex: number, index: number, text: string) =>
    onChange({
      ...guide,
      rows: rows.map((row, at) =>
        at === rowIndex ? row.map((cell, c) => (c === index ? text : cell)) : row,
      ),
    });
  const columnName = (index: number) => columns[index]?.trim() || format(v.columnHeading, { n: index + 1 });

  return (
    <fieldset
      className="flex min-w-0 flex-col gap-3 rounded-card border border-line p-4"
      aria-describedby={`${id}-intro`}
    >
      <legend className="px-1 font-sans text-base font-semibold text-ink">
        {messages.variants.sizeGuide}
      </legend>
      <p id={`${id}-intro`} className="text-sm text-ink-soft">
        {v.sizeGuideIntro}
      </p>
      <div
        className="relative overflow-x-auto rounded-field border border-line"
        tabIndex={0}
        role="region"
        aria-label={v.sizeGuideTable}
      >
        <table className="border-separate border-spacing-0 text-sm">
          <caption className="sr-only">{v.sizeGuideTable}</caption>
          <thead>
            <tr>
              {columns.map((column, index) => (
                <th key={index} scope="col" className="border-b border-line bg-sand p-1.5 align-bottom">
                  <div className="flex items-center gap-1">
                    <input
                      className="field w-32 py-1.5 font-semibold"
                      aria-label={format(v.columnHeading, { n: index + 1 })}
                      value={column}
                      onChange={(event) => setColumn(index, event.target.value)}
                    />
                    {columns.length > 1 ? (
                      <button
                        type="button"
                        className="btn btn-ghost size-8 shrink-0 p-0 text-muted hover:text-danger"
                        aria-label={format(v.removeColumn, { n: index + 1 })}
                        onClick={() =>
                          onChange({
                            columns: columns.filter((_, at) => at !== index),
                            columnsAr: columnsAr.filter((_, at) => at !== index),
                            rows: rows.map((row) => row.filter((_, at) => at !== index)),
                          })
                        }
                      >
                        <X className="size-4" aria-hidden="true" />
                      </button>
                    ) : null}
                  </div>
                </th>
              ))}
              <td className="border-b border-line bg-sand" />
            </tr>
            <tr>
              {columnsAr.map((column, index) => (
                <th key={index} scope="col" className="border-b border-line bg-sand p-1.5 align-bottom">
                  <input
                    className="field w-32 py-1.5 font-semibold"
                    dir="rtl"
                    lang="ar"
                    aria-label={format(v.columnHeadingAr, { n: index + 1 })}
                    placeholder={format(v.columnHeadingAr, { n: index + 1 })}
                    value={column}
                    onChange={(event) => setColumnAr(index, event.target.value)}
                  />
                </th>
              ))}
              <td className="border-b border-line bg-sand" />
            </tr>
          </thead>
          <tbody>
            {rows.map((row, rowIndex) => (
              <tr key={rowIndex}>
                {row.map((cell, index) => (
                  <td key={index} className="border-b border-line p-1.5">
                    <input
                      className="field w-32 py-1.5"
                      aria-label={format(v.cellLabel, {
                        row: rowIndex + 1,
                        column: isolate(columnName(index)),
                      })}
                      value={cell}
                      onChange={(event) => setCell(rowIndex, index, event.target.value)}
                    />
                  </td>
                ))}
                <td className="border-b border-line p-1.5">
                  <button
                    type="button"
                    className="btn btn-ghost size-9 p-0 text-muted hover:text-danger"
                    aria-label={format(v.removeRow, { n: rowIndex + 1 })}
                    onClick={() => onChange({ ...guide, rows: rows.filter((_, at) => at !== rowIndex) })}
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => onChange({ ...guide, rows: [...rows, columns.map(() => '')] })}
        >
          <Plus className="size-4" aria-hidden="true" />
          {v.addRow}
        </button>
        <button
          type="button"
          className="btn btn-outline"
          onClick={() =>
            onChange({
              columns: [...columns, ''],
              columnsAr: [...columnsAr, ''],
              rows: rows.map((row) => [...row, '']),
            })
          }
        >
          <Plus className="size-4" aria-hidden="true" />
          {v.addColumn}
        </button>
        <button type="button" className="btn btn-ghost text-danger" onClick={() => onChange(null)}>
          <Trash2 className="size-4" aria-hidden="true" />
          {v.removeSizeGuide}
        </button>
      </div>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
