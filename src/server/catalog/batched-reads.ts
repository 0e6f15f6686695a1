import DataLoader from 'dataloader';

/** The most ids one read asks for: an unpaged listing's whole answer. */
const MAX_IDS_PER_READ = 1_000;

/**
 * Reads rows by id for many requests at once: every id asked while the event loop takes in the
 * requests that arrived together is read in one query, when that turn of the loop is done
 * (`setImmediate`), and each caller gets its own ids back in its own order, without those that no
 * longer exist. Issue 18: under load a fresh page's one query per request was a round trip with its
 * fixed cost each time (a write to PostgreSQL's socket, or a pass through PGlite's protocol in this
 * thread); ten pages in one query pay it once. Nothing is kept between reads.
 */
export function batchedReadById<Row>(
  read: (ids: string[]) => Promise<Row[]>,
  idOf: (row: Row) => string,
): (ids: readonly string[]) => Promise<Row[]> {
  const loader = new DataLoader<string, Row | undefined>(
    async (ids) => {
      const byId = new Map((await read([...new Set(ids)])).map((row) => [idOf(row), row]));
      return ids.map((id) => byId.get(id));
    },
    { cache: false, maxBatchSize: MAX_IDS_PER_READ, batchScheduleFn: (readNow) => setImmediate(readNow) },
  );
  return async (ids) => {
    if (ids.length === 0) return [];
    const rows = await loader.loadMany(ids);
    const failure = rows.find((row) => row instanceof Error);
    if (failure) throw failure;
    return rows.filter((row): row is Row => row !== undefined);
  };
}
