import { describe, expect, it } from 'vitest';
import { batchedReadById } from './batched-reads';

interface Row {
  id: string;
  name: string;
}

/** A table of rows 'a' to 'e' whose reads are recorded. */
function recordedTable(fail?: Error) {
  const rows = new Map(['a', 'b', 'c', 'd', 'e'].map((id) => [id, { id, name: `row ${id}` }]));
  const reads: string[][] = [];
  const read = async (ids: string[]): Promise<Row[]> => {
    reads.push(ids);
    if (fail) throw fail;
    // The table answers in its own order, as a database may.
    return [...rows.values()].filter((row) => ids.includes(row.id)).reverse();
  };
  return { reads, byId: batchedReadById(read, (row) => row.id) };
}

/** Calls each `ask` from a callback of its own in one turn of the event loop, like requests arriving together. */
function fromSeparateCallbacks<T>(asks: Array<() => Promise<T>>): Promise<T[]> {
  return Promise.all(
    asks.map(
      (ask) =>
        new Promise<T>((resolve, reject) => {
          setImmediate(() => ask().then(resolve, reject));
        }),
    ),
  );
}

describe('reading rows by id for many requests at once', () => {
  it('reads the ids asked together in one query and gives each caller its own rows in its own order', async () => {
    const { reads, byId } = recordedTable();
    const [first, second] = await fromSeparateCallbacks([
      () => byId(['c', 'a']),
      () => byId(['b', 'c', 'e']),
    ]);
    expect(first.map((row) => row.id)).toEqual(['c', 'a']);
    expect(second.map((row) => row.id)).toEqual(['b', 'c', 'e']);
    expect(reads).toHaveLength(1);
    // An id asked twice is read once.
    expect([...reads[0]!].sort()).toEqual(['a', 'b', 'c', 'e']);
  });

  it('leaves out the ids that no longer exist', async () => {
    const { byId } = recordedTable();
    expect((await byId(['a', 'gone', 'd'])).map((row) => row.id)).toEqual(['a', 'd']);
  });

  it('keeps nothing: a later ask reads again', async () => {
    const { reads, byId } = recordedTable();
    await byId(['a']);
    await byId(['a']);
    expect(reads).toEqual([['a'], ['a']]);
  });

  it('asks nothing for no ids', async () => {
    const { reads, byId } = recordedTable();
    expect(await byId([])).toEqual([]);
    expect(reads).toEqual([]);
  });

  it('fails every caller of a read that failed', async () => {
    const { byId } = recordedTable(new Error('connection lost'));
    const answers = fromSeparateCallbacks([() => byId(['a']), () => byId(['b'])]);
    await expect(answers).rejects.toThrow('connection lost');
    await expect(byId(['c'])).rejects.toThrow('connection lost');
  });
});
