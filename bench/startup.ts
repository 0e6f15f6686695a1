/**
 * `node --import tsx bench/startup.ts [--runs 7]`: how long the server takes from process start to
 * `/api/health` answering 200 on an existing data folder (PGlite, demo catalogue loaded), run from its
 * TypeScript source through tsx (as `npm run serve` did) and compiled (`dist/server/main.js`, as it
 * does now), the two taking turns. Needs `node scripts/build-server.mjs` first.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const VARIANTS = {
  'tsx src/server/main.ts': ['--import', 'tsx', 'src/server/main.ts'],
  'node dist/server/main.js': ['--enable-source-maps', 'dist/server/main.js'],
} as const;
type Variant = keyof typeof VARIANTS;

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

/** Milliseconds from spawning the server to its first 200 from /api/health; the server is stopped after. */
async function timeStart(variant: Variant, dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['--max-old-space-size=192', ...VARIANTS[variant]], {
    env: {
      ...process.env,
      MALLOC_ARENA_MAX: '2',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  const exited = once(child, 'exit');
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${variant} exited with ${child.exitCode}`);
      const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (answer) => answer.status === 200,
        () => false,
      );
      if (healthy) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '7' } } });
  const runs = Number(values.runs);
  const dataDir = await mkdtemp(join(tmpdir(), 'nour-startup-'));
  try {
    // The first start creates the database and loads the demo catalogue; it is not measured.
    await timeStart('node dist/server/main.js', dataDir);
    const times: Record<Variant, number[]> = { 'tsx src/server/main.ts': [], 'node dist/server/main.js': [] };
    for (let run = 0; run < runs; run += 1) {
      for (const variant of Object.keys(VARIANTS) as Variant[])
        times[variant].push(await timeStart(variant, dataDir));
    }
    for (const [variant, list] of Object.entries(times)) {
      const shown = list.map((ms) => ms.toFixed(0)).join(', ');
      console.log(`${variant}: median ${median(list).toFixed(0)} ms (runs: ${shown})`);
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
