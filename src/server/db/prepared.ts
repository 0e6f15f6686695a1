import { createHash } from 'node:crypto';
import type { Query } from 'drizzle-orm';
import type { PgSession } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

/**
 * A name for a query's SQL text: the same shape (its values aside) makes the same text, so on
 * PostgreSQL it is parsed and planned once per connection and then only executed (a named prepared
 * statement; on PGlite every text gets one of its own, see ./pglite-statements.ts).
 */
export function statementName(text: string): string {
  return `q_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
}

/** A query builder that can be prepared: drizzle's selects, inserts, updates and deletes. */
interface Preparable<Row> {
  toSQL(): Query;
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<Row[]> };
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
export function writtenOnce<Values extends Record<string, unknown>, Row>(
  build: (db: DbOrTx) => Preparable<Row>,
): (on: DbOrTx, values: Values) => Promise<Row[]> {
  let written: { name: string; parts: PreparedParts } | undefined;
  // Each session keeps its prepared query: the database's for the process's life, a transaction's for its own.
  const bySession = new WeakMap<object, { execute(values: Values): Promise<Row[]> }>();
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
    ) as unknown as PreparedParts & { execute(values: Values): Promise<Row[]> };
    prepared.joinsNotNullableMap = parts.joinsNotNullableMap;
    bySession.set(session, prepared);
    return prepared.execute(values);
  };
}
