import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { fromPglite, openPostgres } from '../db/client';
import { createTestPostgresDatabase } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tarball of a migrated, empty PGlite data folder (the server project). */
    pgliteTemplateFile: string;
    /** A migrated, empty database on DATABASE_URL's server that test databases copy (the server-pg project). */
    postgresTemplateDatabase: string;
  }
}

/**
 * Migrates one empty database for the whole run, before any test file starts, and hands it to every
 * file (src/server/test/app.ts copies it per test app). A fresh PGlite costs seconds of initdb and a
 * PostgreSQL migration a few hundred milliseconds; paid once here instead of per file or per app.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.config.env?.TEST_DB === 'pg') {
    const template = await createTestPostgresDatabase();
    const database = openPostgres(template.url, 1);
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    // CREATE DATABASE … TEMPLATE refuses a template anyone is connected to; drop() waits those out.
    await template.waitUntilUnused();
    project.provide('postgresTemplateDatabase', template.name);
    return () => template.drop();
  }

  const dir = await mkdtemp(join(tmpdir(), 'nour-test-template-'));
  const file = join(dir, 'pglite.tar');
  const pglite = await PGlite.create({ extensions: { pg_trgm } });
  try {
    await fromPglite(pglite).migrate();
    const dump = await pglite.dumpDataDir('none');
    await writeFile(file, new Uint8Array(await dump.arrayBuffer()));
  } finally {
    await pglite.close();
  }
  project.provide('pgliteTemplateFile', file);
  return () => rm(dir, { recursive: true, force: true });
}
