import { expect, test } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  adminFiles,
  ARABIC_DICTIONARY_MODULE,
  arabicHomeFirstLoad,
  BUDGET,
  gzipSize,
  homeFirstLoad,
  kb,
  readManifest,
} from '../scripts/report-bundle.mjs';
import { messages } from '../src/shared/messages';
import { messagesAr } from '../src/shared/messages/ar';
import { adminScreensAr } from '../src/shared/messages/ar/admin-screens';

const distDir = resolve(process.env.WEB_DIST_DIR ?? 'dist/web');

/** A text as a minifier may write it in a script: each character past ASCII as a \uXXXX escape. */
const escapedNonAscii = (text: string) =>
  text.replace(/[^ -~]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

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
      const fonts = new Set<string>();
      page.on('request', (request) => {
        const path = new URL(request.url()).pathname;
        if (/\.(js|css)$/.test(path)) requested.add(path.replace(/^\//, ''));
        if (/\.woff2?$/.test(path)) fonts.add(path);
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
      const arabicDictionary = readManifest(distDir)[ARABIC_DICTIONARY_MODULE]?.file;
      expect(arabicDictionary, 'the build has the Arabic dictionary chunk').toBeTruthy();
      expect(files, 'the English page loads no Arabic dictionary').not.toContain(arabicDictionary);
      expect([...fonts], 'the English page loads no web font').toEqual([]);
      expect(jsTotal, `JS ${kb(jsTotal)} over ${kb(BUDGET.js)}:\n${detail}`).toBeLessThanOrEqual(BUDGET.js);
      expect(cssTotal, `CSS ${kb(cssTotal)} over ${kb(BUDGET.css)}:\n${detail}`).toBeLessThanOrEqual(
        BUDGET.css,
      );
    });
  });
}

/**
 * The Arabic home page: the English first load plus the Arabic dictionary (preloaded by the server from
 * the first HTML) within 150 kB of JS, no admin code and none of the admin's Arabic texts, and the Arabic
 * typeface's subset, reported.
 */
for (const viewport of viewports) {
  test.describe(`in Arabic at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the Arabic home page downloads at most 150 kB of JS (gzip -9) with the Arabic dictionary, no admin code or text, its typeface subset, and what the build reports', async ({
      page,
    }) => {
      const requested = new Set<string>();
      const fonts = new Map<string, number>();
      page.on('request', (request) => {
        const path = new URL(request.url()).pathname;
        if (/\.(js|css)$/.test(path)) requested.add(path.replace(/^\//, ''));
      });
      page.on('response', async (response) => {
        const path = new URL(response.url()).pathname;
        if (/\.woff2?$/.test(path)) fonts.set(path, (await response.body()).length);
      });
      await page.goto('/?lang=ar');
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      for (const section of [messagesAr.catalog.saleItems, messagesAr.catalog.newestCollection]) {
        await expect(page.getByRole('region', { name: section }).getByRole('article')).toHaveCount(4);
      }
      await page.waitForLoadState('networkidle');

      const files = [...requested].sort();
      const js = files.filter((file) => file.endsWith('.js'));
      const sizes = new Map(js.map((file) => [file, gzipSize(distDir, file)]));
      const jsTotal = js.reduce((sum, file) => sum + sizes.get(file)!, 0);
      const fontTotal = [...fonts.values()].reduce((sum, bytes) => sum + bytes, 0);
      const detail = js.map((file) => `${kb(sizes.get(file)!).padStart(9)}  ${file}`).join('\n');
      const fontDetail = [...fonts].map(([file, bytes]) => `${kb(bytes).padStart(9)}  ${file}`).join('\n');
      console.log(
        `Arabic home page at ${viewport.width} px until the network is idle: JS ${kb(jsTotal)} (gzip -9) in ${js.length} files, typeface ${kb(fontTotal)} (woff2)\n${detail}\n${fontDetail}`,
      );

      const manifest = readManifest(distDir);
      expect(js, 'the Arabic dictionary is part of the first load').toContain(
        manifest[ARABIC_DICTIONARY_MODULE]?.file,
      );
      const report = arabicHomeFirstLoad(distDir);
      expect(
        files,
        'the build report (scripts/report-bundle.mjs) counts exactly the files the Arabic page fetched',
      ).toEqual([...report.js, ...report.css].map((chunk) => chunk.file).sort());

      // The admin's Arabic texts load with the admin's screens: a storefront text is in the scripts, and
      // none of the admin's (the settings screen's intro, the admin's own words, the variant editor's).
      const scripts = js.map((file) => readFileSync(resolve(distDir, file), 'utf8')).join('\n');
      const shipped = (text: string) => scripts.includes(text) || scripts.includes(escapedNonAscii(text));
      expect(shipped(messagesAr.catalog.saleItems), 'the storefront’s Arabic texts are there').toBe(true);
      for (const text of [
        adminScreensAr.settings.intro,
        adminScreensAr.admin.manageCategories,
        adminScreensAr.adminVariants.optionsIntro,
      ]) {
        expect(shipped(text), `an admin text in the Arabic first load: ${text}`).toBe(false);
      }
      const admin = adminFiles(manifest);
      expect(
        js.filter((file) => admin.has(file)),
        'no chunk of src/web/admin is requested',
      ).toEqual([]);
      expect(
        [...fonts.keys()].every((file) => /arabic-(400|600)-normal.*\.woff2$/.test(file)),
        `only the typeface's Arabic subset, as woff2:\n${fontDetail}`,
      ).toBe(true);
      expect(jsTotal, `JS ${kb(jsTotal)} over ${kb(BUDGET.arabicJs)}:\n${detail}`).toBeLessThanOrEqual(
        BUDGET.arabicJs,
      );
    });
  });
}
