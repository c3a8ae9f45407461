import { defineConfig } from 'vitest/config';

// Three suites: unit tests beside the code, integration tests against real HTTP services on
// 127.0.0.1, and end-to-end tests in Debian's Chromium against the built app.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{server,client,shared,platform,bench}/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['tests/setup-console.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          setupFiles: ['tests/setup-console.ts'],
        },
      },
      {
        test: {
          name: 'reliability',
          include: ['tests/reliability/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          // Generated requests against the gateway and the platform (fast-check, FUZZ_SEED and
          // FUZZ_RUNS to replay or resize a run; README, Tests).
          name: 'fuzz',
          include: ['tests/fuzz/**/*.fuzz.test.ts'],
          environment: 'node',
          testTimeout: 600_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
