/**
 * `node --import tsx bench/lh-probe.ts <url> [<url> ...]`: one Lighthouse mobile run per page with the
 * details behind the score (metrics, the LCP element and its phases, what blocks rendering, fonts,
 * layout shifts, the first HTML's latency), for working on a page's score; `npm run bench` prints only
 * the scores. With `LH_REPORT_DIR=<dir>` each page's whole report is written there as JSON too.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromiumArgs, chromiumPath } from '../scripts/chromium';

const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath,
  chromeFlags: chromiumArgs,
  logLevel: 'silent',
});
const reportDir = process.env.LH_REPORT_DIR;
if (reportDir) await mkdir(reportDir, { recursive: true });
try {
  for (const [index, url] of process.argv.slice(2).entries()) {
    const run = await lighthouse(url, {
      port: chrome.port,
      onlyCategories: ['performance'],
      output: 'json',
      logLevel: 'error',
    });
    if (!run) continue;
    if (reportDir) {
      const file = join(
        reportDir,
        `${index + 1}-${url.replace(/^\w+:\/\/[^/]+/, '').replace(/\W+/g, '_')}.json`,
      );
      await writeFile(file, JSON.stringify(run.lhr));
    }
    const { audits, categories } = run.lhr;
    console.log(`\n${url}: performance ${Math.round((categories.performance?.score ?? 0) * 100)}`);
    for (const id of [
      'first-contentful-paint',
      'largest-contentful-paint',
      'speed-index',
      'total-blocking-time',
      'cumulative-layout-shift',
    ]) {
      console.log(`  ${id.padEnd(28)} ${audits[id]?.displayValue ?? ''}  (score ${audits[id]?.score})`);
    }
    for (const id of [
      'largest-contentful-paint-element',
      'lcp-lazy-loaded',
      'render-blocking-resources',
      'network-dependency-tree-insight',
      'lcp-discovery-insight',
      'lcp-breakdown-insight',
      'render-blocking-insight',
      'font-display-insight',
      'cls-culprits-insight',
      'document-latency-insight',
      'image-delivery-insight',
      'critical-request-chains',
    ]) {
      const audit = audits[id];
      if (!audit) continue;
      console.log(`  -- ${id}: ${audit.displayValue ?? ''} score ${audit.score}`);
      console.log(JSON.stringify(audit.details, null, 1)?.slice(0, 2500));
    }
  }
} finally {
  chrome.kill();
}
