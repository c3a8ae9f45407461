import { afterAll, inject } from 'vitest';

// Setup file of the `postgres` project: the test file's platforms on the project's server
// (./postgres-global-setup.ts). Set before the test file imports ./platform-postgres.ts, which
// reads it once; put back after, should the worker run another project's file next.
const before = process.env.TEST_DATABASE_URL;
process.env.TEST_DATABASE_URL = inject('testDatabaseUrl');
afterAll(() => {
  if (before === undefined) delete process.env.TEST_DATABASE_URL;
  else process.env.TEST_DATABASE_URL = before;
});
