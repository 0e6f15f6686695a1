import { expect, test } from '@playwright/test';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { adminFiles, BUDGET, gzipSize, readManifest } from '../scripts/report-bundle.mjs';

const distDir = resolve(process.env.WEB_DIST_DIR ?? 'dist/web');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/**
 * The performance issue's budget, measured as a shopper meets it: everything the home page makes the
 * browser fetch (the entry, its imports and the lazy chunks of the route), gzip-compressed from the
 * built files, and no admin code among it. The journeys run on the build `npm test` makes first.
 */
test('the home page downloads at most 130 kB of JS and 25 kB of CSS (gzip) and no admin code', async ({
  page,
}) => {
  expect(existsSync(resolve(distDir, '.vite/manifest.json')), `${distDir} must hold a Vite build`).toBe(true);
  const manifest = readManifest(distDir);
  const admin = adminFiles(manifest);

  const requested = new Set<string>();
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (/\.(js|css)$/.test(path)) requested.add(path.replace(/^\//, ''));
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  // The demo catalogue's products are on the page, so the route's lazy chunks have loaded too.
  await expect(page.locator('a[href^="/productdetails/"], a[href^="/product/"]').first()).toBeVisible();
  await page.waitForLoadState('networkidle');

  const files = [...requested];
  const missing = files.filter((file) => !existsSync(resolve(distDir, file)));
  expect(missing, 'every script and style the page loads comes from the build').toEqual([]);
  const js = files.filter((file) => file.endsWith('.js'));
  const css = files.filter((file) => file.endsWith('.css'));
  expect(js.length, 'the page loads its scripts').toBeGreaterThan(0);
  const jsTotal = js.reduce((sum, file) => sum + gzipSize(distDir, file), 0);
  const cssTotal = css.reduce((sum, file) => sum + gzipSize(distDir, file), 0);
  const detail = files.map((file) => `${kb(gzipSize(distDir, file)).padStart(9)}  ${file}`).join('\n');
  console.log(`Home page first load (gzip): JS ${kb(jsTotal)}, CSS ${kb(cssTotal)}\n${detail}`);

  expect(
    js.filter((file) => admin.has(file)),
    'no chunk of src/web/admin is requested',
  ).toEqual([]);
  expect(jsTotal, `JS ${kb(jsTotal)} over ${kb(BUDGET.js)}:\n${detail}`).toBeLessThanOrEqual(BUDGET.js);
  expect(cssTotal, `CSS ${kb(cssTotal)} over ${kb(BUDGET.css)}:\n${detail}`).toBeLessThanOrEqual(BUDGET.css);
});
