import type { Reporter, TestModule } from 'vitest/node';

// CI reads a run's closing line to tell a run that tested something from one that did not, and it
// does not read Vitest's coloured summary: this reporter ends the output with the plain
// "Tests: N passed, N failed, N skipped" line it does read. A test that failed and then passed on
// its retry (CI retries the Temporal suites once) is named above that line, so it is not forgotten.
export default class PlainSummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    const flaky: string[] = [];
    for (const testModule of testModules) {
      for (const testCase of testModule.children.allTests()) {
        const state = testCase.result().state;
        if (testCase.diagnostic()?.flaky) flaky.push(`${testModule.moduleId} › ${testCase.fullName}`);
        if (state === 'passed') counts.passed += 1;
        else if (state === 'failed') counts.failed += 1;
        else counts.skipped += 1;
      }
    }
    for (const name of flaky) process.stdout.write(`\nFlaky (passed on a retry): ${name}`);
    process.stdout.write(`\nTests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`);
  }
}
