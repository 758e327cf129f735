import { defineConfig } from 'vitest/config';
import LongestFirst from './test/run-order.ts';

// One runner for every kind of test. Unit and integration tests run in Node; component tests opt into
// jsdom with a `// @vitest-environment jsdom` line; browser tests in e2e/ drive Debian's Chromium against
// the real server. CI prints every test name (so the log shows which database each suite used).
export default defineConfig({
  // Each lane of `npm test` (scripts/test.mjs) keeps its own cache, so the two never overwrite each other's
  // file durations, which run-order.ts starts the longest files by.
  cacheDir: process.env.PONG_TEST_LANE ? `node_modules/.vite-${process.env.PONG_TEST_LANE}` : undefined,
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.ts', 'e2e/**/*.test.ts'],
    // 90 s: a spawned CLI or a cold server start on a busy two-core CI machine can take over 30 s.
    testTimeout: 90_000,
    hookTimeout: 180_000,
    setupFiles: ['./test/setup-dom.ts'],
    globalSetup: ['./test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    sequence: { sequencer: LongestFirst },
    reporters: [process.env.CI ? 'verbose' : 'default', './test/summary-reporter.ts'],
  },
});
