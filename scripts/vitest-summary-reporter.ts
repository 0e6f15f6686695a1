import { mkdirSync, writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints "N passed, N failed" alone on a line after a run (and keeps the counts for scripts/test.mjs): the plain closing line CI reads to tell a
 * green run from one that ran nothing (STACK.md, gotcha 7).
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failed += 1;
        else skipped += 1;
      }
      if (module.state() === 'failed' && [...module.children.allTests()].length === 0) failed += 1;
    }
    mkdirSync('test-results', { recursive: true });
    writeFileSync('test-results/vitest-summary.json', JSON.stringify({ passed, failed, skipped }));
    console.log(`\nvitest: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  }
}
