import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import config from '../../../drizzle.config';

const root = fileURLToPath(new URL('../../..', import.meta.url));
// Where `npm run db:generate` writes (drizzle-kit's default folder is `drizzle`).
const migrationsFolder = resolve(root, config.out ?? 'drizzle');
const drizzleKit = join(dirname(createRequire(import.meta.url).resolve('drizzle-kit')), 'bin.cjs');

/** Every file under `folder` with its text, by its path inside it. */
async function filesOf(folder: string): Promise<Map<string, string>> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
  return new Map(
    await Promise.all(
      files.map(async (file) => [relative(folder, file), await readFile(file, 'utf8')] as const),
    ),
  );
}

// drizzle-kit compares the schema with the last snapshot, never with a database: no database is needed.
describe('the migrations folder', () => {
  let dir: string;
  let before: Map<string, string>;
  let generated: { code: number | null; output: string };

  beforeAll(async () => {
    // A copy, so a missing migration shows here as a file drizzle-kit writes, never in the project.
    dir = await mkdtemp(join(tmpdir(), 'nour-drizzle-generate-'));
    await cp(migrationsFolder, join(dir, 'migrations'), { recursive: true });
    before = await filesOf(join(dir, 'migrations'));
    // The project's drizzle.config.ts with only the folder moved. drizzle-kit reads the snapshots by paths
    // relative to where it runs, so it runs in the copy's folder with a relative `out`.
    const schema = [config.schema ?? []].flat().map((file) => resolve(root, file));
    const configFile = join(dir, 'drizzle.config.json');
    await writeFile(configFile, JSON.stringify({ ...config, schema, out: 'migrations' }));
    const child = spawn(process.execPath, [drizzleKit, 'generate', `--config=${configFile}`], {
      cwd: dir,
      // No terminal: a question (is this column renamed?) ends the run instead of waiting for an answer.
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const [code] = (await once(child, 'exit')) as [number | null];
    // Without drizzle-kit's stack frames: Vitest would take them for the failed assertion's own and break
    // on bin.cjs's source map instead of reporting it.
    generated = { code, output: output.replace(/^\s+at .*\n/gm, '') };
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('holds a migration for every change of src/server/db/schema.ts (npm run db:generate has nothing to write)', async () => {
    const after = await filesOf(join(dir, 'migrations'));
    const written = [...after].filter(([file, text]) => before.get(file) !== text);
    // What drizzle-kit would write is the message: the SQL of the missing migration, or nothing.
    expect(
      written.filter(([file]) => file.endsWith('.sql')).map(([, sql]) => sql),
      'the schema changed without a migration: run npm run db:generate (README, "Adding a migration")',
    ).toEqual([]);
    expect(written.map(([file]) => file)).toEqual([]);
    // drizzle-kit refuses a broken chain (two snapshots with one parent) with an error and exit code 0,
    // and so it ends when it has a question to ask (is this column renamed?) and no terminal to ask in.
    expect(generated.output, 'npm run db:generate has nothing to migrate').toContain(
      'No schema changes, nothing to migrate',
    );
    expect(generated.code, generated.output).toBe(0);
  });

  it('has one snapshot per migration, each following the one before', () => {
    const journal = JSON.parse(before.get(join('meta', '_journal.json'))!) as {
      entries: Array<{ idx: number }>;
    };
    const snapshots = [...before.keys()].filter((file) => file.endsWith('_snapshot.json')).sort();
    expect(snapshots).toEqual(
      journal.entries.map((entry) => join('meta', `${String(entry.idx).padStart(4, '0')}_snapshot.json`)),
    );
    let previous = '00000000-0000-0000-0000-000000000000';
    for (const file of snapshots) {
      const snapshot = JSON.parse(before.get(file)!) as { id: string; prevId: string };
      expect(snapshot.prevId, `${file} names the snapshot before it as its parent`).toBe(previous);
      previous = snapshot.id;
    }
  });
});
