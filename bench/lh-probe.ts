/**
 * `node --import tsx bench/lh-probe.ts <url> [<url> ...]`: one Lighthouse mobile run per page with the
 * details behind the score (metrics, the LCP element and its phases, what blocks rendering), for
 * working on a page's score; `npm run bench` prints only the scores.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumArgs, chromiumPath } from '../scripts/chromium';

const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath,
  chromeFlags: chromiumArgs,
  logLevel: 'silent',
});
try {
  for (const url of process.argv.slice(2)) {
    const run = await lighthouse(url, {
      port: chrome.port,
      onlyCategories: ['performance'],
      output: 'json',
      logLevel: 'error',
    });
    if (!run) continue;
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
      'lcp-phases-insight',
      'render-blocking-insight',
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
