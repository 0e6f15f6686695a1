#!/usr/bin/env node
// The server compiled to plain JavaScript, so production runs `node dist/server/main.js` with no
// TypeScript tooling: `node scripts/build-server.mjs [--outdir DIR]` (the last step of `npm run build`).
// One ES module per entry (the server and the scripts an owner runs beside it), sharing chunks; every
// package stays an import of node_modules (sharp, PGlite, pg and argon2 are native or load their own
// files), so what runs is exactly the `dependencies` of package.json. The migrations are read from disk
// at run time, next to the code that reads them (src/server/db/client.ts: `./migrations`).
import { build } from 'esbuild';
import { cp, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const ENTRY_POINTS = {
  main: 'src/server/main.ts',
  'create-admin': 'src/server/scripts/create-admin.ts',
  migrate: 'src/server/scripts/migrate.ts',
  'seed-large': 'src/server/scripts/seed-large.ts',
  backup: 'src/server/scripts/backup.ts',
  restore: 'src/server/scripts/restore.ts',
};

const { values } = parseArgs({ options: { outdir: { type: 'string', default: 'dist/server' } } });
const outdir = resolve(values.outdir);
const started = Date.now();

await rm(outdir, { recursive: true, force: true });
await build({
  entryPoints: ENTRY_POINTS,
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  packages: 'external',
  // The '@' → src alias comes from tsconfig.json's paths, which esbuild reads.
  tsconfig: 'tsconfig.json',
  // Chunks beside the entries: whichever holds db/client.ts finds `./migrations` in outdir itself.
  chunkNames: 'shared-[hash]',
  sourcemap: 'linked',
  logLevel: 'warning',
});
await cp('src/server/db/migrations', join(outdir, 'migrations'), { recursive: true });

console.log(`server compiled to ${outdir} in ${Date.now() - started} ms`);
