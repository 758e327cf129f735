import { defineConfig } from 'vitest/config';

// One runner for every kind of test. Unit and integration tests run in Node; component tests opt into
// jsdom with a `// @vitest-environment jsdom` line; browser tests in e2e/ drive Debian's Chromium against
// the real server. CI prints every test name (so the log shows which database each suite used).
export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.ts', 'e2e/**/*.test.ts'],
    // 90 s: a spawned CLI or a cold server start on a busy two-core CI machine can take over 30 s.
    testTimeout: 90_000,
    hookTimeout: 180_000,
    setupFiles: ['./test/setup-dom.ts'],
    globalSetup: ['./test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    reporters: [process.env.CI ? 'verbose' : 'default', './test/summary-reporter.ts'],
  },
});
