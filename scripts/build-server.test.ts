import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { builtinModules } from 'node:module';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyBackup } from '../src/server/backup/restore';
import { testDriver } from '../src/server/test/app';
import { serve, waitForOutput, type ServerRun } from '../src/server/test/serve';

const root = fileURLToPath(new URL('..', import.meta.url));

/** `node <args>` from `cwd` to its end: its exit code and everything it printed. */
async function run(args: string[], cwd: string, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, output };
}

/** The packages a compiled file imports, by package name (`@scope/name` or `name`). */
function importedPackages(code: string): string[] {
  // A specifier has no white space: that keeps `from: dayParam("from"),` and the like out.
  const specifiers = [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)"([^"\s]+)"/g)].map(
    (match) => match[1]!,
  );
  return specifiers
    .filter((specifier) => !specifier.startsWith('.') && !specifier.startsWith('node:'))
    .map((specifier) =>
      specifier
        .split('/')
        .slice(0, specifier.startsWith('@') ? 2 : 1)
        .join('/'),
    );
}

// The build and one PGlite start are what this checks; the PostgreSQL run of the suite adds nothing.
describe.skipIf(testDriver === 'pg')('the server compiled by `npm run build`', () => {
  let outdir: string;
  let elsewhere: string;
  let dataDir: string;

  beforeAll(async () => {
    // Inside the project, as dist/server is: Node finds the packages the code imports in node_modules.
    await mkdir(join(root, 'dist'), { recursive: true });
    outdir = await mkdtemp(join(root, 'dist', 'server-test-'));
    // Run from a folder of its own: the compiled code must find what it reads from disk by itself.
    elsewhere = await mkdtemp(join(tmpdir(), 'nour-server-cwd-'));
    dataDir = join(elsewhere, 'data');
    const built = await run(['scripts/build-server.mjs', '--outdir', outdir], root);
    expect(built.code, built.output).toBe(0);
  }, 60_000);
  afterAll(async () => {
    await rm(outdir, { recursive: true, force: true });
    await rm(elsewhere, { recursive: true, force: true });
  });

  it('writes the server, its scripts and the migrations, importing only packages it depends on', async () => {
    for (const entry of [
      'main.js',
      'create-admin.js',
      'migrate.js',
      'seed-large.js',
      'backup.js',
      'restore.js',
    ]) {
      expect(existsSync(join(outdir, entry)), entry).toBe(true);
    }
    expect(existsSync(join(outdir, 'migrations', 'meta', '_journal.json'))).toBe(true);

    const manifest = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const files = (await readdir(outdir)).filter((name) => name.endsWith('.js'));
    const imported = new Set<string>();
    for (const file of files) {
      for (const name of importedPackages(await readFile(join(outdir, file), 'utf8'))) imported.add(name);
    }
    expect(imported.size).toBeGreaterThan(10);
    // `npm ci --omit=dev` (the container) installs `dependencies` alone: each import must be one of them.
    const missing = [...imported].filter(
      (name) => !(name in manifest.dependencies) && !builtinModules.includes(name),
    );
    expect(missing).toEqual([]);
    // Nothing left for TypeScript tooling to resolve: no '@/…' alias, no .ts file.
    expect([...imported].filter((name) => name.startsWith('@/'))).toEqual([]);
  });

  describe('started with plain node', () => {
    let server: ServerRun;
    let url: string;

    beforeAll(async () => {
      server = serve(
        { DATA_DIR: dataDir, SHOP_NAME: 'Built Shop' },
        { args: ['--enable-source-maps', join(outdir, 'main.js')], cwd: elsewhere },
      );
      url = (await waitForOutput(server, /Built Shop is running at (http:\/\/\S+)/))[1]!;
    }, 90_000);
    afterAll(async () => {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
      await server.exited;
    });

    it('migrates a new database and answers its health check and API docs', async () => {
      const health = await fetch(`${url}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({
        success: true,
        status: 'ok',
        database: 'pglite',
        listing: expect.stringMatching(/^(memory|database)$/),
      });
      const products = await fetch(`${url}/api/product`);
      expect(products.status).toBe(200);
      expect((await fetch(`${url}/api/docs`)).status).toBe(200);
    });

    it('backs up through the running server on PGlite with `npm run backup`, and `npm run restore` puts it in a new DATA_DIR', async () => {
      const signedUp = await fetch(`${url}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Mona',
          email: 'mona@example.com',
          password: 'Mona1234',
          confirmPassword: 'Mona1234',
        }),
      });
      expect(signedUp.status, await signedUp.text()).toBe(201);
      const archive = join(elsewhere, 'shop.tar.gz');
      // No password anywhere: the command signs its request with the secret the server made in DATA_DIR.
      const backup = await run([join(outdir, 'backup.js'), '--out', archive, '--server', url], elsewhere, {
        DATA_DIR: dataDir,
      });
      expect(backup.code, backup.output).toBe(0);
      expect(backup.output).toMatch(
        new RegExp(
          `^Backup written to ${archive} \\(\\d+\\.\\d MB\\) from the running server at ${url}: \\d+ rows in \\d+ tables, 0 files, the secret\\.`,
        ),
      );
      const manifest = await verifyBackup(archive);
      expect(manifest.tables.find((table) => table.name === 'users')?.rows).toBe(1);

      const restoredDir = join(elsewhere, 'restored');
      const restore = (...args: string[]) =>
        run([join(outdir, 'restore.js'), archive, ...args], elsewhere, { DATA_DIR: restoredDir });
      const restored = await restore();
      expect(restored.code, restored.output).toBe(0);
      expect(restored.output).toContain('every checksum matches');
      expect(restored.output).toContain(`Restored into PGlite ${join(restoredDir, 'db')}.`);
      expect(await readFile(join(restoredDir, 'jwt-secret'), 'utf8')).toBe(
        await readFile(join(dataDir, 'jwt-secret'), 'utf8'),
      );
      const again = await restore();
      expect(again.code).toBe(1);
      expect(again.output).toContain(
        'The target is not empty (rows in users). Restore into an empty DATA_DIR',
      );
      const forced = await restore('--force');
      expect(forced.code, forced.output).toBe(0);
      expect(forced.output).toContain('Emptied the target (--force).');

      // The running server's own folder is its alone.
      const busy = await run([join(outdir, 'restore.js'), archive], elsewhere, { DATA_DIR: dataDir });
      expect(busy.code).toBe(1);
      expect(busy.output).toContain(
        'The server is running on this DATA_DIR: stop it, restore, then start it.',
      );
      // Five node processes start one after another, each opening or making a database.
    }, 180_000);

    it('stops cleanly on SIGTERM, and the compiled scripts then run on its data folder', async () => {
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);

      const env = { DATA_DIR: dataDir };
      const migrated = await run([join(outdir, 'migrate.js')], elsewhere, env);
      expect(migrated.code, migrated.output).toBe(0);
      const admin = await run(
        [
          join(outdir, 'create-admin.js'),
          '--email',
          'owner@example.com',
          '--password',
          'Owner123',
          '--name',
          'Owner',
        ],
        elsewhere,
        env,
      );
      expect(admin.code, admin.output).toBe(0);
      expect(admin.output).toContain('owner@example.com');

      // With no server holding the database, the backup command opens it itself.
      const backup = await run(
        [join(outdir, 'backup.js'), '--out', join(elsewhere, 'stopped.tar.gz')],
        elsewhere,
        env,
      );
      expect(backup.code, backup.output).toBe(0);
      expect(backup.output).toContain(`from PGlite ${join(dataDir, 'db')}: `);
    });
  });
});
