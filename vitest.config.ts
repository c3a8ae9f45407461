import { existsSync, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { defineConfig } from 'vitest/config';

// Six projects (README, Tests): unit tests beside the code, integration tests against real HTTP
// services on 127.0.0.1, the platform's again on PostgreSQL, reliability (several processes behind
// nginx), fuzz, and end-to-end tests in Debian's Chromium and Firefox against the built app.

// The platform's test files again on a throwaway PostgreSQL server (they run on PGlite in
// `integration`): the same SQL must work on both. Left out are the files whose platform keeps its
// data on disk (PGlite whatever the URL) and the one that starts its own server. Required in CI;
// elsewhere only where Debian's `postgresql` is installed. The same checks as
// tests/support/postgres-server.ts (postgresBinDir, postgresRequired), not imported from there:
// Vite warns of extensionless local imports in a config.
const debian = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql') : [];
const postgresInstalled =
  !!process.env.POSTGRES_BIN_DIR ||
  [
    ...debian.map((version) => join('/usr/lib/postgresql', version, 'bin')),
    ...(process.env.PATH ?? '').split(delimiter),
  ].some((dir) => dir && existsSync(join(dir, 'initdb')));
const ci = process.env.CI;
const onPostgres =
  postgresInstalled ||
  process.env.POSTGRES_TESTS === 'required' ||
  (!!ci && ci !== 'false' && ci !== '0');
if (!onPostgres) {
  console.log(
    'No PostgreSQL server binaries (apt-get install postgresql): project postgres skipped',
  );
}
const postgres = {
  test: {
    name: 'postgres',
    include: ['tests/integration/platform-*.test.ts'],
    exclude: [
      'tests/integration/platform-on-postgres.test.ts',
      'tests/integration/platform-process.test.ts',
      'tests/integration/platform-restart.test.ts',
      'tests/integration/platform-seed.test.ts',
      'tests/integration/platform-start-failures.test.ts',
      'tests/integration/platform-stop-while-starting.test.ts',
    ],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['tests/support/postgres-global-setup.ts'],
    setupFiles: ['tests/setup-console.ts', 'tests/support/postgres-env.ts'],
  },
};

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
      ...(onPostgres ? [postgres] : []),
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
