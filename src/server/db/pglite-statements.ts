import {
  parse,
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

/**
 * Named statements a PGlite keeps at most; the least recently used is closed to make room. Most of
 * the shop's queries are a few hundred fixed texts, but a list of values written into the SQL (`in
 * ($1, $2, …)`) makes a text per length, and each named statement holds memory in the database.
 */
export const MAX_PGLITE_STATEMENTS = 500;

/**
 * A longer text is run by PGlite's own `query`, unnamed: such texts carry their values written into
 * the SQL (a seed's thousand rows in one INSERT), are not asked again, and would hold megabytes each.
 */
export const MAX_PGLITE_STATEMENT_TEXT = 16_384;

/** A PostgreSQL error code: the named statement is gone (the database was restored under it). */
const NO_SUCH_STATEMENT = '26000';

interface Statement {
  name: string;
  /** The parameters' type OIDs, as PostgreSQL inferred them: each value is written by its type. */
  paramTypes: number[];
}

type Query = <T>(text: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;

function joined(parts: Uint8Array[]): Uint8Array {
  const bytes = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return bytes;
}

/**
 * PGlite as drizzle's PGlite driver uses it (`query`, and `transaction` whose `query` runs inside it),
 * answering each query text from a named statement: parsed, described and planned once, then run as
 * one message (bind, describe, execute, sync) where PGlite's own `query` sends six, each a call into
 * its WebAssembly, and parses and plans the text every time (issue 18: 174 → 50 µs for a one-row
 * select; an order's dozen queries are most of its time on PGlite). Values are written and rows read
 * exactly as PGlite's `query` does, with its serializers and parsers. Everything else is the client's.
 */
export function withNamedStatements(client: PGlite): PGlite {
  /** By query text, least recently used first. */
  const statements = new Map<string, Statement>();
  let named = 0;

  async function statementFor(text: string, options: QueryOptions | undefined): Promise<Statement> {
    const kept = statements.get(text);
    if (kept) {
      statements.delete(text);
      statements.set(text, kept);
      return kept;
    }
    const name = `nour_${++named}`;
    const messages = [
      protocol.serialize.parse({ name, text, types: options?.paramTypes ?? [] }),
      protocol.serialize.describe({ type: 'S', name }),
      protocol.serialize.sync(),
    ];
    const oldest = statements.size >= MAX_PGLITE_STATEMENTS ? statements.entries().next().value : undefined;
    if (oldest) {
      statements.delete(oldest[0]);
      messages.unshift(protocol.serialize.close({ type: 'S', name: oldest[1].name }));
    }
    const described = await client.execProtocol(joined(messages), { syncToFs: false });
    const parameters = described.messages.find((message) => message.name === 'parameterDescription');
    const statement = {
      name,
      paramTypes: parameters && 'dataTypeIDs' in parameters ? (parameters.dataTypeIDs as number[]) : [],
    };
    statements.set(text, statement);
    return statement;
  }

  async function run<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T>> {
    const statement = await statementFor(text, options);
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[index]!;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    const { messages } = await client.execProtocol(
      joined([
        protocol.serialize.bind({ statement: statement.name, values }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    if (!inTransaction) await client.syncToFs();
    return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
  }

  /** One query, holding PGlite's query lock as its own `query` does. */
  async function runExclusive<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T>> {
    return client._runExclusiveQuery(async () => {
      try {
        return await run<T>(text, params, options, inTransaction);
      } catch (error) {
        if ((error as { code?: unknown }).code !== NO_SUCH_STATEMENT || inTransaction) throw error;
        // Those still there would be held under names nothing here knows any more: all go.
        await client.execProtocol(protocol.serialize.query('deallocate all'), { syncToFs: false });
        statements.clear();
        return run<T>(text, params, options, inTransaction);
      }
    });
  }

  /** A long text, and a COPY with a blob (a file PGlite reads or writes), are PGlite's own to run. */
  const byName = (text: string, options: QueryOptions | undefined) =>
    text.length <= MAX_PGLITE_STATEMENT_TEXT && !options?.blob;

  const query: Query = (text, params = [], options) =>
    byName(text, options)
      ? client._runExclusiveTransaction(() => runExclusive(text, params, options, false))
      : client.query(text, params, options);

  const transaction = <T>(work: (tx: Transaction) => Promise<T>): Promise<T> =>
    client.transaction((tx) =>
      work({
        query: (text, params = [], options) =>
          byName(text, options) ? runExclusive(text, params, options, true) : tx.query(text, params, options),
        sql: tx.sql.bind(tx),
        exec: tx.exec.bind(tx),
        rollback: tx.rollback.bind(tx),
        listen: tx.listen.bind(tx),
        get closed() {
          return tx.closed;
        },
      } as Transaction),
    );

  // drizzle reads only these two; the rest is the client's own, bound to it (its fields are private).
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') return query;
      if (property === 'transaction') return transaction;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
