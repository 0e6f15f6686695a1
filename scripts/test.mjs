#!/usr/bin/env node
// The whole test suite, as CI and a new developer run it: lint, typecheck, unit + API + component tests
// (API on PGlite, and on PostgreSQL too when DATABASE_URL is set), then browser journeys in Chromium
// against the real built server. Every step runs even when an earlier one fails, so one run shows all
// that is wrong; the exit code and the closing "N passed, N failed" line tell the result.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

function run(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = result.status === 0;
  console.log(`${ok ? '✔' : '✘'} ${title} (${seconds} s)`);
  return ok;
}

/**
 * Runs steps side by side, each with its output held back and printed whole when it ends, so the lines
 * of two steps never mix. For steps that each keep one core busy (ESLint and tsc are single-threaded).
 */
async function runSideBySide(steps) {
  return Promise.all(
    steps.map(
      ([title, command, args]) =>
        new Promise((resolve) => {
          const started = Date.now();
          const output = [];
          const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('close', (code) => {
            const seconds = ((Date.now() - started) / 1000).toFixed(1);
            const ok = code === 0;
            console.log(`\n▶ ${title}`);
            process.stdout.write(Buffer.concat(output));
            console.log(`${ok ? '✔' : '✘'} ${title} (${seconds} s)`);
            resolve(ok);
          });
        }),
    ),
  );
}

function ensureChromium() {
  if (existsSync(chromePath)) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log(`Chromium is not at ${chromePath}; installing Debian's chromium with apt-get.`);
    const env = { DEBIAN_FRONTEND: 'noninteractive' };
    if (
      run('apt-get update', 'apt-get', ['update', '-qq'], env) &&
      run('apt-get install chromium', 'apt-get', ['install', '-y', '-qq', 'chromium'], env)
    ) {
      return existsSync(chromePath);
    }
  }
  console.error(
    `\nChromium is needed for the browser journeys and is not at ${chromePath}.\n` +
      `Install it with: sudo apt-get update && sudo apt-get install -y chromium\n` +
      `(or point CHROME_PATH at a Chromium or Chrome binary).`,
  );
  return false;
}

function readSummary(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

rmSync('test-results', { recursive: true, force: true });
const steps = [];
const [linted, typechecked] = await runSideBySide([
  ['lint (ESLint + Prettier)', 'npm', ['run', '--silent', 'lint']],
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
]);
steps.push(['lint', linted], ['typecheck', typechecked]);
steps.push(['vitest', run('unit, API and component tests (Vitest)', 'npx', ['vitest', 'run'])]);
const haveChromium = ensureChromium();
steps.push(['chromium', haveChromium]);
if (haveChromium) {
  const built = run('build the web app', 'npx', ['vite', 'build', '--logLevel', 'warn']);
  steps.push(['build', built]);
  if (built) {
    steps.push([
      'e2e',
      run('browser journeys (Playwright + Chromium)', 'npx', ['playwright', 'test'], {
        CHROME_PATH: chromePath,
      }),
    ]);
    steps.push([
      'e2e-large',
      run(
        'catalogue journeys on 100,000 products',
        'npx',
        ['playwright', 'test', '-c', 'playwright.large.config.ts'],
        { CHROME_PATH: chromePath },
      ),
    ]);
  }
}

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of [
  'test-results/vitest-summary.json',
  'test-results/e2e-summary.json',
  'test-results/e2e-large-summary.json',
]) {
  const summary = readSummary(file);
  if (!summary) continue;
  passed += summary.passed;
  failed += summary.failed;
  skipped += summary.skipped ?? 0;
}
const failedSteps = steps.filter(([, ok]) => !ok).map(([name]) => name);
// A step that failed without counting a test (lint, typecheck, a crash) still counts as a failure.
if (failedSteps.length > 0 && failed === 0) failed = failedSteps.length;

console.log(`\n${failedSteps.length ? `Failed steps: ${failedSteps.join(', ')}` : 'All steps passed.'}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failedSteps.length ? 1 : 0);
