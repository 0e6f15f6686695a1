import { createHash } from 'node:crypto';
import type { Query, SQL } from 'drizzle-orm';
import { PgDialect, type PgSession, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

/**
 * A name for a query's SQL text: the same shape (its values aside) makes the same text, so on
 * PostgreSQL it is parsed and planned once per connection and then only executed (a named prepared
 * statement; on PGlite every text gets one of its own, see ./pglite-statements.ts).
 */
export function statementName(text: string): string {
  return `q_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
}

/** What can be prepared: drizzle's selects, inserts, updates and deletes, or SQL (`sqlWrittenOnce`). */
interface Preparable<Answer> {
  toSQL(): Query;
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<Answer> };
}

/**
 * What drizzle's prepared query keeps of its builder besides the SQL, on both drivers: how a row maps
 * to the selected fields. Not in drizzle's types (its prepared queries are bound to the session that
 * made them, drizzle-orm#2826), so named here; the tests of ./prepared.test.ts run it on both.
 */
interface PreparedParts {
  getQuery(): Query;
  fields?: Parameters<PgSession['prepareQuery']>[1];
  joinsNotNullableMap?: Record<string, boolean>;
  _isResponseInArrayMode: boolean;
  customResultMapper?: Parameters<PgSession['prepareQuery']>[4];
}

/**
 * A query whose SQL is written once, with `sql.placeholder`s for its values, and then run on any
 * session: the database or a transaction of it. Drizzle writes a query's SQL from its builder on every
 * run, and that costs more than PostgreSQL spends running a small one (issue 18: 100 µs for a
 * one-table select of six columns, 320 µs for a cart's lines with their products, a fifth of an
 * order's CPU); its own prepared statements would save it, but only on the session that made them,
 * and an order's reads run in its transaction.
 */
export function writtenOnce<Values extends Record<string, unknown>, Answer>(
  build: (db: DbOrTx) => Preparable<Answer>,
): (on: DbOrTx, values: Values) => Promise<Answer> {
  let written: { name: string; parts: PreparedParts } | undefined;
  // Each session keeps its prepared query: the database's for the process's life, a transaction's for its own.
  const bySession = new WeakMap<object, { execute(values: Values): Promise<Answer> }>();
  return (on, values) => {
    const { session } = on._;
    const kept = bySession.get(session);
    if (kept) return kept.execute(values);
    if (!written) {
      const query = build(on);
      const name = statementName(query.toSQL().sql);
      written = { name, parts: query.prepare(name) as unknown as PreparedParts };
    }
    const { name, parts } = written;
    const prepared = session.prepareQuery(
      parts.getQuery(),
      parts.fields,
      name,
      parts._isResponseInArrayMode,
      parts.customResultMapper,
    ) as unknown as PreparedParts & { execute(values: Values): Promise<Answer> };
    prepared.joinsNotNullableMap = parts.joinsNotNullableMap;
    bySession.set(session, prepared);
    return prepared.execute(values);
  };
}

const dialect = new PgDialect();

/**
 * A statement the builders cannot write (data-modifying CTEs, a row set from JSON), as SQL with
 * `sql.placeholder`s, written and named once like `writtenOnce`'s queries. Answers its rows as the
 * driver gives them (no mapping to fields: name the columns as the caller wants them).
 */
export function sqlWrittenOnce<Values extends Record<string, unknown>, Row>(
  query: SQL,
): (on: DbOrTx, values: Values) => Promise<Row[]> {
  // Without fields both drivers' prepared queries answer the driver's own result, `{ rows }`.
  const run = writtenOnce<Values, { rows: Row[] }>((db) => ({
    toSQL: () => dialect.sqlToQuery(query),
    prepare: (name) =>
      db._.session.prepareQuery<{ execute: { rows: Row[] } } & PreparedQueryConfig>(
        dialect.sqlToQuery(query),
        undefined,
        name,
        false,
      ),
  }));
  return async (on, values) => (await run(on, values)).rows;
}
