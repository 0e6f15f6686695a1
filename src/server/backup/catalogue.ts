import { sql, type SQL } from 'drizzle-orm';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MIGRATIONS_FOLDER, type DbOrTx } from '../db/client';

/**
 * What the backup learns from the database's own catalogue rather than from a list in the code, so
 * tables that later migrations add are backed up and restored without anyone remembering to.
 */

export async function rowsOf<T>(db: DbOrTx, statement: SQL): Promise<T[]> {
  // Both drivers answer `{ rows }`; Drizzle's type for execute() differs between them.
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

export interface TableInfo {
  name: string;
  /** Columns a row is written with: generated ones are left out, the database computes them again. */
  columns: string[];
}

/** Every table of the public schema, parents before the tables whose foreign keys point at them. */
export async function tablesInForeignKeyOrder(db: DbOrTx): Promise<TableInfo[]> {
  const tables = await rowsOf<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by c.relname`,
  );
  const links = await rowsOf<{ child: string; parent: string }>(
    db,
    sql`select child.relname as child, parent.relname as parent from pg_constraint con
        join pg_class child on child.oid = con.conrelid join pg_class parent on parent.oid = con.confrelid
        join pg_namespace n on n.oid = child.relnamespace
        where con.contype = 'f' and n.nspname = 'public'`,
  );
  const columns = await rowsOf<{ table: string; column: string }>(
    db,
    sql`select table_name as "table", column_name as "column" from information_schema.columns
        where table_schema = 'public' and is_generated = 'NEVER' and generation_expression is null
        order by table_name, ordinal_position`,
  );

  const parents = new Map(tables.map((table) => [table.name, new Set<string>()]));
  for (const link of links) {
    // A table pointing at itself is ordered by its rows, which a single INSERT … SELECT checks at its end.
    if (link.child !== link.parent) parents.get(link.child)?.add(link.parent);
  }
  const ordered: string[] = [];
  while (parents.size > 0) {
    const ready = [...parents].filter(([, waiting]) => waiting.size === 0).map(([name]) => name);
    if (ready.length === 0) {
      throw new Error(
        `Tables whose foreign keys form a cycle cannot be ordered: ${[...parents.keys()].join(', ')}`,
      );
    }
    for (const name of ready) {
      ordered.push(name);
      parents.delete(name);
      for (const waiting of parents.values()) waiting.delete(name);
    }
  }
  return ordered.map((name) => ({
    name,
    columns: columns.filter((column) => column.table === name).map((column) => column.column),
  }));
}

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

export async function readMigrationJournal(folder = MIGRATIONS_FOLDER): Promise<JournalEntry[]> {
  const journal = JSON.parse(await readFile(join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

/** The last migration the database ran, by the moment Drizzle records for it (its journal's `when`). */
export async function currentMigration(db: DbOrTx): Promise<{ tag: string; when: number }> {
  const [latest] = await rowsOf<{ when: string }>(
    db,
    sql`select created_at::text as "when" from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  if (!latest) throw new Error('The database has not been migrated');
  const when = Number(latest.when);
  const entry = (await readMigrationJournal()).find((each) => each.when === when);
  // A database migrated by a newer version of the shop than this one: its tag is not in our journal.
  return { tag: entry?.tag ?? `unknown-${when}`, when };
}

/** Tables of the public schema that hold at least one row. */
export async function tablesWithRows(db: DbOrTx): Promise<string[]> {
  const filled: string[] = [];
  for (const table of await tablesInForeignKeyOrder(db)) {
    const [row] = await rowsOf<{ filled: boolean }>(
      db,
      sql`select exists (select 1 from ${sql.identifier(table.name)}) as filled`,
    );
    if (row?.filled) filled.push(table.name);
  }
  return filled;
}

/**
 * Sets every identity and serial sequence past the highest value restored, so the next order number
 * follows the last restored one instead of colliding with it.
 */
export async function resetSequences(db: DbOrTx): Promise<void> {
  const owned = await rowsOf<{ table: string; column: string; sequence: string }>(
    db,
    sql`select table_name as "table", column_name as "column",
          pg_get_serial_sequence(format('%I', table_name), column_name) as sequence
        from information_schema.columns
        where table_schema = 'public' and pg_get_serial_sequence(format('%I', table_name), column_name) is not null`,
  );
  for (const { table, column, sequence } of owned) {
    await db.execute(
      sql`select setval(${sequence}, max(${sql.identifier(column)})) from ${sql.identifier(table)}
          having max(${sql.identifier(column)}) is not null`,
    );
  }
}
