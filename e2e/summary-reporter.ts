import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { mkdirSync, writeFileSync } from 'node:fs';

/** Prints "N passed, N failed" alone on a line, the closing line CI reads, and keeps the counts for scripts/test.mjs. */
export default class SummaryReporter implements Reporter {
  /** Where the counts go, and the name their line starts with: each suite of journeys has its own. */
  private readonly name: string;
  private passed = 0;
  private failed = 0;
  private skipped = 0;

  constructor(options: { name?: string } = {}) {
    this.name = options.name ?? 'e2e';
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.retry < test.retries && result.status !== 'passed') return;
    if (result.status === 'passed') this.passed += 1;
    else if (result.status === 'skipped') this.skipped += 1;
    else this.failed += 1;
  }

  onEnd(result: FullResult): void {
    if (result.status !== 'passed' && this.failed === 0) this.failed = 1;
    mkdirSync('test-results', { recursive: true });
    writeFileSync(
      `test-results/${this.name}-summary.json`,
      JSON.stringify({ passed: this.passed, failed: this.failed, skipped: this.skipped }),
    );
    console.log(
      `\n${this.name}: ${this.passed} passed, ${this.failed} failed${this.skipped ? `, ${this.skipped} skipped` : ''}`,
    );
  }
}
