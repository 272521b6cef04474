// Ends every test run with one plain line, `N passed, N failed, N skipped`, that any CI can read.
import type { Reporter, TestModule } from 'vitest/node';

export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const count = { passed: 0, failed: 0, skipped: 0 };
    for (const m of modules) {
      let failed = 0;
      for (const t of m.children.allTests()) {
        const state = t.result().state;
        if (state === 'passed') count.passed++;
        else if (state === 'failed') failed++;
        else count.skipped++;
      }
      // A file that did not load, or whose setup (beforeAll) failed and skipped its tests, is a failure too.
      if (m.state() === 'failed' && failed === 0) failed = 1;
      count.failed += failed;
    }
    process.stdout.write(`\n${count.passed} passed, ${count.failed} failed, ${count.skipped} skipped\n`);
  }
}
