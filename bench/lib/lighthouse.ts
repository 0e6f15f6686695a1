import * as chromeLauncher from 'chrome-launcher';
import { existsSync } from 'node:fs';
import lighthouse from 'lighthouse';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium';

export interface LighthouseResult {
  page: string;
  score: number;
  lcpMs: number;
}

/**
 * Lighthouse's default run: mobile emulation with simulated slow 4G, performance only. With `runs`
 * above 1 each page is measured that many times and its median score answered (with that run's LCP).
 */
export async function measurePages(baseUrl: string, paths: string[], runs = 1): Promise<LighthouseResult[]> {
  // The other figures are worth having without a browser; launching a missing one would end the run.
  if (!existsSync(chromiumPath)) {
    console.log(`  skipped: no Chromium at ${chromiumPath} (apt-get install chromium)`);
    return [];
  }
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: chromiumArgs,
    logLevel: 'silent',
  });
  try {
    const results: LighthouseResult[] = [];
    for (const path of paths) {
      const measured: LighthouseResult[] = [];
      for (let i = 0; i < runs; i++) {
        const run = await lighthouse(`${baseUrl}${path}`, {
          port: chrome.port,
          onlyCategories: ['performance'],
          output: 'json',
          logLevel: 'error',
        });
        if (!run) throw new Error(`Lighthouse gave no result for ${path}`);
        const score = Math.round((run.lhr.categories.performance?.score ?? 0) * 100);
        const lcpMs = run.lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN;
        if (run.lhr.runtimeError) throw new Error(`Lighthouse on ${path}: ${run.lhr.runtimeError.message}`);
        console.log(`  ${path.padEnd(40)} performance ${score}  LCP ${(lcpMs / 1000).toFixed(2)} s`);
        measured.push({ page: path, score, lcpMs });
      }
      measured.sort((a, b) => a.score - b.score);
      results.push(measured[Math.floor(measured.length / 2)]!);
    }
    return results;
  } finally {
    chrome.kill();
  }
}
