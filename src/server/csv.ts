import { Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';

interface CsvOptions {
  /** The header's names, in the rows' order. */
  columns: readonly string[];
  /** Start with a UTF-8 byte order mark, so Excel reads Arabic text as UTF-8. */
  bom?: boolean;
}

/**
 * Every CSV the shop writes (the orders export, the product feed), written as its rows are read: RFC
 * 4180 quoting, a header, and every cell that would start a formula in a spreadsheet (=, +, -, @, a tab
 * or a carriage return; OWASP's CSV injection) defused with a leading apostrophe. The rows are pulled
 * only as fast as the client takes the file. `onError` hears a failure after the answer began (the
 * file then ends cut short).
 */
export function csvStream(
  rows: AsyncIterable<unknown[]>,
  { columns, bom = false }: CsvOptions,
  onError: (error: Error) => void,
): Readable {
  const csv = stringify({ bom, header: true, columns: [...columns], escape_formulas: true });
  pipeline(Readable.from(rows), csv, (error) => {
    if (error) onError(error);
  });
  return csv;
}
