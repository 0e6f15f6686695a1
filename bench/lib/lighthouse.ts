import * as chromeLauncher from 'chrome-launcher';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import lighthouse, { type RunnerResult } from 'lighthouse';
import { LANGUAGE_PARAM, LANGUAGES, type Language } from '@/shared/language';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium';

export interface LighthouseResult {
  page: string;
  language: Language;
  score: number;
  lcpMs: number;
  /** The other metrics of the score, to tell what moved it: first paint, blocking time, layout shift. */
  fcpMs: number;
  tbtMs: number;
  cls: number;
  /** The machine's 1-minute load average when the run began: the simulated throttling reads a busy CPU. */
  load: number;
}

/** The page's address in `language`: `?lang=ar` makes the server send the Arabic page from its first byte. */
function addressIn(path: string, language: Language): string {
  if (language === 'en') return path;
  return `${path}${path.includes('?') ? '&' : '?'}${LANGUAGE_PARAM}=${language}`;
}

const median = (runs: LighthouseResult[]) =>
  [...runs].sort((a, b) => a.score - b.score)[Math.floor(runs.length / 2)]!;

/**
 * One Lighthouse run in a browser of its own: a first visit, with no cookie from an earlier run (Lighthouse
 * clears the cache and storage but keeps cookies, and the shop's cookies choose the language and the
 * typeface). A run whose trace came out broken (NO_NAVSTART and the like, on a busy machine) is run once more.
 */
async function measureOnce(url: string): Promise<RunnerResult> {
  for (let attempt = 1; ; attempt++) {
    const chrome = await chromeLauncher.launch({
      chromePath: chromiumPath,
      chromeFlags: chromiumArgs,
      logLevel: 'silent',
    });
    try {
      const run = await lighthouse(url, {
        port: chrome.port,
        onlyCategories: ['performance'],
        output: 'json',
        logLevel: 'error',
      });
      if (!run) throw new Error(`Lighthouse gave no result for ${url}`);
      if (!run.lhr.runtimeError) return run;
      if (attempt === 2) throw new Error(`Lighthouse on ${url}: ${run.lhr.runtimeError.message}`);
      console.log(`  ${url}: ${run.lhr.runtimeError.code}, once more`);
    } finally {
      chrome.kill();
    }
  }
}

/**
 * Lighthouse's default run: mobile emulation with simulated slow 4G, performance only, each page in
 * each of the shop's languages. With `runs` above 1 each page is measured that many times and its
 * median score answered (with that run's metrics).
 */
export async function measurePages(baseUrl: string, paths: string[], runs = 1): Promise<LighthouseResult[]> {
  // The other figures are worth having without a browser; launching a missing one would end the run.
  if (!existsSync(chromiumPath)) {
    console.log(`  skipped: no Chromium at ${chromiumPath} (apt-get install chromium)`);
    return [];
  }
  const results: LighthouseResult[] = [];
  for (const language of LANGUAGES) {
    for (const path of paths) {
      const measured: LighthouseResult[] = [];
      for (let i = 0; i < runs; i++) {
        const load = loadavg()[0]!;
        const { audits, categories } = (await measureOnce(`${baseUrl}${addressIn(path, language)}`)).lhr;
        const result: LighthouseResult = {
          page: path,
          language,
          score: Math.round((categories.performance?.score ?? 0) * 100),
          lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
          fcpMs: audits['first-contentful-paint']?.numericValue ?? Number.NaN,
          tbtMs: audits['total-blocking-time']?.numericValue ?? Number.NaN,
          cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
          load,
        };
        console.log(
          `  ${language} ${path.padEnd(40)} performance ${result.score}  LCP ${(result.lcpMs / 1000).toFixed(2)} s` +
            `  FCP ${(result.fcpMs / 1000).toFixed(2)} s  TBT ${result.tbtMs.toFixed(0)} ms` +
            `  CLS ${result.cls.toFixed(3)}  load ${load.toFixed(1)}`,
        );
        measured.push(result);
      }
      results.push(median(measured));
    }
  }
  return results;
}
