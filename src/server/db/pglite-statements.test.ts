import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_PGLITE_STATEMENT_TEXT, MAX_PGLITE_STATEMENTS, withNamedStatements } from './pglite-statements';

describe('PGlite with named statements', () => {
  let client: PGlite;
  let fast: PGlite;

  beforeAll(async () => {
    client = await PGlite.create();
    await client.exec(`
      create table things (
        id uuid primary key default gen_random_uuid(),
        name text not null unique,
        tags text[] not null default '{}',
        facts jsonb,
        price numeric(10, 2),
        count integer,
        big bigint,
        ok boolean,
        at timestamptz
      );`);
  });
  beforeEach(async () => {
    await client.exec('deallocate all; truncate things;');
    fast = withNamedStatements(client);
  });
  afterAll(async () => {
    await client.close();
  });

  const namedStatements = async () =>
    (await client.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0]!.n;

  it('answers as PGlite itself does, in both row modes and with its parsers', async () => {
    const values = [
      'Nile Kaftan',
      ['linen', 'قطن'],
      { sizes: ['S', 'M'], note: 'it\'s "quoted"' },
      '1234.50',
      7,
      9007199254740993n,
      true,
      new Date('2026-11-27T10:00:00.123Z'),
    ];
    const insert =
      'insert into things (name, tags, facts, price, count, big, ok, at) values ($1, $2, $3, $4, $5, $6, $7, $8) returning *';
    const inserted = await fast.query(insert, values);
    expect(inserted.affectedRows).toBe(1);
    const select = 'select * from things where name = $1 and ok = $2';
    for (const options of [
      undefined,
      { rowMode: 'array' as const },
      { parsers: { [types.TIMESTAMPTZ]: String } },
    ]) {
      const ours = await fast.query(select, ['Nile Kaftan', true], options);
      const theirs = await client.query(select, ['Nile Kaftan', true], options);
      expect(ours.rows).toEqual(theirs.rows);
      expect(ours.fields).toEqual(theirs.fields);
    }
    expect((await fast.query(select, ['Nile Kaftan', true])).rows[0]).toMatchObject({
      name: 'Nile Kaftan',
      tags: ['linen', 'قطن'],
      facts: { sizes: ['S', 'M'], note: 'it\'s "quoted"' },
      count: 7,
      big: 9007199254740993n,
      ok: true,
      at: new Date('2026-11-27T10:00:00.123Z'),
    });
    const nothing = await fast.query('update things set count = $1 where name = $2', [null, 'none']);
    expect(nothing).toMatchObject({ rows: [], affectedRows: 0 });
  });

  it('parses a text once and runs it again by name', async () => {
    const before = await namedStatements();
    for (let i = 0; i < 5; i++) await fast.query('select $1::int + 1 as n', [i]);
    expect(await namedStatements()).toBe(before + 1);
    expect((await fast.query<{ n: number }>('select $1::int + 1 as n', [41])).rows).toEqual([{ n: 42 }]);
  });

  it(`keeps at most ${MAX_PGLITE_STATEMENTS} statements, closing the least recently used`, async () => {
    for (let i = 0; i <= MAX_PGLITE_STATEMENTS; i++) await fast.query(`select ${i} as n`);
    expect(await namedStatements()).toBe(MAX_PGLITE_STATEMENTS);
    // The first was closed and is parsed again when asked.
    expect((await fast.query<{ n: number }>('select 0 as n')).rows).toEqual([{ n: 0 }]);
  });

  it('runs a long text unnamed, keeping nothing of it, in a transaction too', async () => {
    const before = await namedStatements();
    const long = `select $1::int as n -- ${'x'.repeat(MAX_PGLITE_STATEMENT_TEXT)}`;
    expect((await fast.query(long, [1])).rows).toEqual([{ n: 1 }]);
    expect(await fast.transaction(async (tx) => (await tx.query(long, [2])).rows)).toEqual([{ n: 2 }]);
    expect(await namedStatements()).toBe(before);
  });

  it('leaves a COPY from a blob to PGlite', async () => {
    const copied = await fast.query("copy things (name) from '/dev/blob'", [], {
      blob: new Blob(['Siwa Scarf\nLuxor Sandal\n']),
    });
    expect(copied.affectedRows).toBe(2);
    expect((await fast.query('select name from things order by name')).rows).toEqual([
      { name: 'Luxor Sandal' },
      { name: 'Siwa Scarf' },
    ]);
  });

  it("gives PostgreSQL's errors, and goes on after them", async () => {
    await fast.query('insert into things (name) values ($1)', ['one']);
    await expect(fast.query('insert into things (name) values ($1)', ['one'])).rejects.toMatchObject({
      code: '23505',
    });
    await expect(fast.query('selec 1')).rejects.toMatchObject({ code: '42601' });
    expect((await fast.query('select name from things')).rows).toEqual([{ name: 'one' }]);
  });

  it('parses again when its statements were dropped under it', async () => {
    await fast.query('select 1 as n');
    await client.exec('deallocate all');
    expect((await fast.query('select 1 as n')).rows).toEqual([{ n: 1 }]);
  });

  it('keeps no statement it lost track of when one was dropped under it', async () => {
    await fast.query('select 1 as n');
    await fast.query('select 2 as n');
    const [first] = (
      await client.query<{ name: string }>(
        "select name from pg_prepared_statements where statement = 'select 1 as n'",
      )
    ).rows;
    await client.exec(`deallocate ${first!.name}`);
    expect((await fast.query('select 1 as n')).rows).toEqual([{ n: 1 }]);
    expect((await fast.query('select 2 as n')).rows).toEqual([{ n: 2 }]);
    expect(await namedStatements()).toBe(2);
  });

  it('runs a transaction’s queries inside it, and others only after it', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedOnce = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = fast.transaction(async (tx) => {
      await tx.query('insert into things (name) values ($1)', ['inside']);
      expect((await tx.query('select name from things')).rows).toEqual([{ name: 'inside' }]);
      inserted();
      await held;
      throw new Error('undo');
    });
    await insertedOnce;
    // Asked while the transaction is open: answered once it has rolled back, never from inside it.
    const outside = fast.query('select name from things');
    release();
    await expect(transaction).rejects.toThrow('undo');
    expect((await outside).rows).toEqual([]);
  });
});
