#!/usr/bin/env node
// Reports what a shopper downloads on the first load of the home page: the entry script, the chunks it
// imports statically and the CSS, each gzip-compressed as a browser would receive them. With --check it
// fails when the JS or CSS budget is exceeded or when any admin code is in that first load.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const BUDGET = { js: 130 * 1024, css: 25 * 1024 };
const dist = process.env.WEB_DIST_DIR ?? 'dist/web';

export function readManifest(distDir = dist) {
  return JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'));
}

/** A file's size as a browser receives it gzip-compressed. */
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

export function firstLoad(distDir = dist) {
  const manifest = readManifest(distDir);
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('no entry chunk in the Vite manifest');
  const seen = new Set();
  const css = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entryKey);
  const js = [...seen].map((key) => ({
    key,
    file: manifest[key].file,
    src: manifest[key].src ?? '',
    gzip: gzipSize(distDir, manifest[key].file),
  }));
  const styles = [...css].map((file) => ({ file, gzip: gzipSize(distDir, file) }));
  const admin = adminFiles(manifest);
  const adminChunks = js.filter((chunk) => admin.has(chunk.file));
  return {
    js,
    css: styles,
    jsTotal: js.reduce((sum, chunk) => sum + chunk.gzip, 0),
    cssTotal: styles.reduce((sum, chunk) => sum + chunk.gzip, 0),
    adminChunks,
  };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const report = firstLoad();
  console.log('\nShopper first load (gzip):');
  for (const chunk of report.js) console.log(`  ${kb(chunk.gzip).padStart(9)}  ${chunk.file}`);
  for (const style of report.css) console.log(`  ${kb(style.gzip).padStart(9)}  ${style.file}`);
  console.log(`  JS  ${kb(report.jsTotal)} of ${kb(BUDGET.js)} budget`);
  console.log(`  CSS ${kb(report.cssTotal)} of ${kb(BUDGET.css)} budget`);
  console.log(
    `  admin code in first load: ${report.adminChunks.length ? report.adminChunks.map((c) => c.file).join(', ') : 'none'}`,
  );
  if (process.argv.includes('--check')) {
    const over = report.jsTotal > BUDGET.js || report.cssTotal > BUDGET.css || report.adminChunks.length > 0;
    process.exit(over ? 1 : 0);
  }
}
