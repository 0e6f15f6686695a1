#!/usr/bin/env node
// Reports what a shopper's browser downloads when it opens the home page, until the network is idle:
// the entry script and the chunks it imports, the lazy chunks the page loads on its own after the first
// render (HOME_LAZY_MODULES) and theirs, and the CSS of all of them, each gzip -9 compressed; and the
// same for the Arabic home page, which loads the Arabic dictionary besides. With --check it fails when
// a JS or CSS budget is exceeded or when any admin code is in either load.
//
// It reads the build's manifest instead of loading the page in a browser, so `npm run build` (and with
// it `npm start`) needs no Chromium and no running shop. The model cannot drift from what a browser
// does: e2e/bundle-budget.spec.ts loads the home page in Chromium at 390 and 1366 px and asserts that
// the files it fetched before the network went idle are exactly the ones `homeFirstLoad` lists.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * In bytes, with 1 kB = 1,000 bytes (as `gzip -9 | wc -c` and the issues count). An Arabic page loads
 * the Arabic dictionary besides (its JS budget is `arabicJs`) and the Arabic typeface, which is reported.
 */
export const BUDGET = { js: 130_000, css: 25_000, arabicJs: 150_000 };

/** The module that brings the Arabic dictionary and typeface (src/web/i18n/arabic.ts imports it). */
export const ARABIC_DICTIONARY_MODULE = 'src/web/i18n/arabic-dictionary.ts';

/**
 * Modules the home page imports lazily and loads before the network is idle, by their source paths as
 * the manifest names them: none today. The home page itself is in the entry's chunks (src/web/router.tsx);
 * its lazy parts wait for the shopper (the categories carousel until they scroll near it, the back-to-top
 * button until the first scroll, the toaster until the first press or key). Should one of them start
 * loading on its own, the budget journey fails until it is named here.
 */
export const HOME_LAZY_MODULES = [];

const dist = process.env.WEB_DIST_DIR ?? 'dist/web';

export function readManifest(distDir = dist) {
  return JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'));
}

/** A file's size as a browser receives it gzip-compressed (`gzip -9`). */
export function gzipSize(distDir, file) {
  return gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length;
}

/**
 * The files (under the dist directory) that hold admin code: chunks whose source is under src/web/admin,
 * and shared chunks (which the manifest gives no source) that only admin chunks import.
 */
export function adminFiles(manifest) {
  const isAdminSource = (key) => (manifest[key].src ?? key).startsWith('src/web/admin');
  const admin = new Set(Object.keys(manifest).filter(isAdminSource));
  const importers = new Map();
  for (const [key, chunk] of Object.entries(manifest)) {
    for (const imported of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) {
      if (!importers.has(imported)) importers.set(imported, []);
      importers.get(imported).push(key);
    }
  }
  let grew = true;
  while (grew) {
    grew = false;
    for (const key of Object.keys(manifest)) {
      if (admin.has(key) || manifest[key].src) continue;
      const by = importers.get(key) ?? [];
      if (by.length > 0 && by.every((importer) => admin.has(importer))) {
        admin.add(key);
        grew = true;
      }
    }
  }
  return new Set([...admin].map((key) => manifest[key].file));
}

/**
 * The manifest keys `roots` load: themselves and, transitively, their static imports (a dynamic import
 * loads only when the code asks for it).
 */
function staticClosure(manifest, roots) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    if (!manifest[key]) throw new Error(`${key} is not in the Vite manifest`);
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  for (const root of roots) visit(root);
  return seen;
}

/** The files `roots` (manifest keys, with the entry) load, each with its gzip -9 size, and the admin's among them. */
function loadOf(distDir, extraRoots) {
  const manifest = readManifest(distDir);
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('no entry chunk in the Vite manifest');
  const keys = staticClosure(manifest, [entryKey, ...extraRoots]);
  const jsFiles = new Set([...keys].map((key) => manifest[key].file));
  const cssFiles = new Set([...keys].flatMap((key) => manifest[key].css ?? []));
  const js = [...jsFiles].map((file) => ({ file, gzip: gzipSize(distDir, file) }));
  const css = [...cssFiles].map((file) => ({ file, gzip: gzipSize(distDir, file) }));
  const admin = adminFiles(manifest);
  return {
    js,
    css,
    jsTotal: js.reduce((sum, chunk) => sum + chunk.gzip, 0),
    cssTotal: css.reduce((sum, style) => sum + style.gzip, 0),
    adminChunks: js.filter((chunk) => admin.has(chunk.file)),
  };
}

/**
 * What the home page downloads before the network is idle: the entry and its static imports, then
 * HOME_LAZY_MODULES and theirs, with every CSS file they name; each file with its gzip -9 size.
 */
export function homeFirstLoad(distDir = dist) {
  return loadOf(distDir, HOME_LAZY_MODULES);
}

/**
 * What the Arabic home page downloads besides: the Arabic dictionary's module and its imports (the server
 * preloads them from the first HTML, src/server/plugins/page-language.ts) with the typeface's style
 * sheet; the typeface's files are not counted (e2e/bundle-budget.spec.ts reports the ones fetched).
 */
export function arabicHomeFirstLoad(distDir = dist) {
  return loadOf(distDir, [...HOME_LAZY_MODULES, ARABIC_DICTIONARY_MODULE]);
}

export const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

function print(title, report, jsBudget) {
  console.log(`\n${title}, everything fetched until the network is idle (gzip -9):`);
  for (const chunk of report.js) console.log(`  ${kb(chunk.gzip).padStart(9)}  ${chunk.file}`);
  for (const style of report.css) console.log(`  ${kb(style.gzip).padStart(9)}  ${style.file}`);
  console.log(`  JS  ${kb(report.jsTotal)} in ${report.js.length} files, of ${kb(jsBudget)} budget`);
  console.log(`  CSS ${kb(report.cssTotal)} of ${kb(BUDGET.css)} budget`);
  console.log(
    `  admin code in first load: ${report.adminChunks.length ? report.adminChunks.map((c) => c.file).join(', ') : 'none'}`,
  );
  return report.jsTotal > jsBudget || report.cssTotal > BUDGET.css || report.adminChunks.length > 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const englishOver = print('Home page', homeFirstLoad(), BUDGET.js);
  const arabicOver = print('Arabic home page', arabicHomeFirstLoad(), BUDGET.arabicJs);
  if (process.argv.includes('--check')) process.exit(englishOver || arabicOver ? 1 : 0);
}
