import type { Reporter, TestModule } from 'vitest/node';

/**
 * Ends every run with one plain line, `Tests: N passed, N failed`, that any CI log reader understands, and
 * under it one `Failed: file > test: first line of the error` line per failed test, so the end of a long
 * log (often all a CI page keeps) names what failed.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let skipped = 0;
    const failures: string[] = [];
    for (const mod of modules) {
      for (const test of mod.children.allTests()) {
        const result = test.result();
        if (result.state === 'passed') passed++;
        else if (result.state === 'failed') {
          const message = result.errors?.[0]?.message?.split('\n')[0] ?? '';
          failures.push(`Failed: ${mod.relativeModuleId} > ${test.fullName}: ${message}`);
        } else skipped++;
      }
      // A file that failed before any of its tests ran (an import or a hook) has no failed test to name.
      for (const error of mod.errors()) {
        failures.push(`Failed: ${mod.relativeModuleId}: ${error.message?.split('\n')[0] ?? ''}`);
      }
      // Nor has a describe whose beforeAll or afterAll failed (its tests skipped, or passed before it).
      for (const suite of mod.children.allSuites()) {
        for (const error of suite.errors()) {
          failures.push(
            `Failed: ${mod.relativeModuleId} > ${suite.fullName} (a hook): ${error.message?.split('\n')[0] ?? ''}`,
          );
        }
      }
    }
    const tail = skipped > 0 ? `, ${skipped} skipped` : '';
    const named = failures.map((line) => `${line}\n`).join('');
    process.stdout.write(`\nTests: ${passed} passed, ${failures.length} failed${tail}\n${named}`);
  }
}
