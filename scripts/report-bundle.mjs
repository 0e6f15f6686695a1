#!/usr/bin/env node
// Reports what a shopper downloads on the first load of the home page: the entry script, the chunks it
// imports statically and the CSS, each gzip-compressed as a browser would receive them. With --check it
// fails when the JS or CSS budget is exceeded or when any admin code is in that first load.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const BUDGET = { js: 130 * 1024, css: 25 * 1024 };
const dist = process.env.WEB_DIST_DIR ?? 'dist/web';

export function firstLoad(distDir = dist) {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'));
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
  const gzipSize = (file) => gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length;
  const js = [...seen].map((key) => ({
    key,
    file: manifest[key].file,
    src: manifest[key].src ?? '',
    gzip: gzipSize(manifest[key].file),
  }));
  const styles = [...css].map((file) => ({ file, gzip: gzipSize(file) }));
  const adminChunks = js.filter(
    (chunk) => chunk.src.startsWith('src/web/admin') || chunk.key.includes('src/web/admin'),
  );
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
