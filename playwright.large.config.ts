import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import base, { journeyServerEnv } from './playwright.config';

/**
 * `npm run test:large`, and the last step of `npm test`: the catalogue's journeys on a shop of 100,000
 * products (the catalogue issue's "done when"). The server is the real one, on a fresh embedded
 * database holding the demo catalogue plus the generated products and their pictures (about 10 s to
 * seed on this machine).
 */
const port = Number(process.env.E2E_LARGE_PORT ?? 4318);
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'nour-e2e-large-'));

export default defineConfig({
  ...base,
  testDir: './e2e/large',
  testMatch: '**/*.large.ts',
  timeout: 120_000,
  reporter: [['list'], ['./e2e/summary-reporter.ts', { name: 'e2e-large' }]],
  use: { ...base.use, baseURL },
  outputDir: 'test-results/e2e-large',
  webServer: {
    command:
      'node --import tsx bench/prepare.ts && node scripts/build-server.mjs && node --enable-source-maps dist/server/main.js',
    url: `${baseURL}/api/health`,
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      ...journeyServerEnv(port, dataDir),
      BENCH_SEED_DEMO: 'true',
      BENCH_SEED_LARGE: process.env.LARGE_COUNT ?? '100000',
      BENCH_LARGE_IMAGES: 'true',
    },
  },
});
