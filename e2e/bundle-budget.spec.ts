import { expect, test } from '@playwright/test';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { adminFiles, BUDGET, gzipSize, homeFirstLoad, kb, readManifest } from '../scripts/report-bundle.mjs';
import { messages } from '../src/shared/messages';

const distDir = resolve(process.env.WEB_DIST_DIR ?? 'dist/web');

/** A phone and a laptop: the widths the shop is drawn for, each with its own layout of the home page. */
const viewports = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
];

/**
 * The first-load budget, measured as a shopper meets it: every script and style sheet the home page
 * makes the browser fetch until the network is idle (the entry, its imports, and anything that loads
 * right after the first paint), gzip -9 compressed from the built files, and no admin code among it.
 * The same files must be the ones `npm run build`'s report counts (scripts/report-bundle.mjs), so the
 * report cannot drift from the browser. The journeys run on the build `npm test` makes first.
 */
for (const viewport of viewports) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the home page downloads at most 130 kB of JS and 25 kB of CSS (gzip -9), no admin code, and what the build reports', async ({
      page,
    }) => {
      expect(existsSync(resolve(distDir, '.vite/manifest.json')), `${distDir} must hold a Vite build`).toBe(
        true,
      );
      const requested = new Set<string>();
      page.on('request', (request) => {
        const path = new URL(request.url()).pathname;
        if (/\.(js|css)$/.test(path)) requested.add(path.replace(/^\//, ''));
      });
      await page.goto('/');
      await page.waitForLoadState('networkidle');
      // Both product sections are on the page, so whatever their rendering asks for has been asked.
      for (const section of [messages.catalog.saleItems, messages.catalog.newestCollection]) {
        await expect(page.getByRole('region', { name: section }).getByRole('article')).toHaveCount(4);
      }
      await page.waitForLoadState('networkidle');

      const files = [...requested].sort();
      const missing = files.filter((file) => !existsSync(resolve(distDir, file)));
      expect(missing, 'every script and style the page loads comes from the build').toEqual([]);
      const js = files.filter((file) => file.endsWith('.js'));
      const css = files.filter((file) => file.endsWith('.css'));
      const sizes = new Map(files.map((file) => [file, gzipSize(distDir, file)]));
      const total = (list: string[]) => list.reduce((sum, file) => sum + sizes.get(file)!, 0);
      const jsTotal = total(js);
      const cssTotal = total(css);
      const detail = files.map((file) => `${kb(sizes.get(file)!).padStart(9)}  ${file}`).join('\n');
      console.log(
        `Home page at ${viewport.width} px until the network is idle (gzip -9): JS ${kb(jsTotal)} in ${js.length} files, CSS ${kb(cssTotal)}\n${detail}`,
      );

      const report = homeFirstLoad(distDir);
      expect(
        files,
        'the build report (scripts/report-bundle.mjs) counts exactly the files the browser fetched: ' +
          'name a lazy module that now loads before the network is idle in HOME_LAZY_MODULES',
      ).toEqual([...report.js, ...report.css].map((chunk) => chunk.file).sort());

      const admin = adminFiles(readManifest(distDir));
      expect(
        js.filter((file) => admin.has(file)),
        'no chunk of src/web/admin is requested',
      ).toEqual([]);
      expect(jsTotal, `JS ${kb(jsTotal)} over ${kb(BUDGET.js)}:\n${detail}`).toBeLessThanOrEqual(BUDGET.js);
      expect(cssTotal, `CSS ${kb(cssTotal)} over ${kb(BUDGET.css)}:\n${detail}`).toBeLessThanOrEqual(
        BUDGET.css,
      );
    });
  });
}
