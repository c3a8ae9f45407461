import type { TestProject } from 'vitest/node';
import { startPostgres } from './postgres-server';

// The `postgres` project's one throwaway PostgreSQL server (vitest.config.ts): its admin URL goes
// to the test files as TEST_DATABASE_URL (./postgres-env.ts), so each platform they start gets a
// fresh database there. A TEST_DATABASE_URL already set names the server to use instead.
declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('testDatabaseUrl', process.env.TEST_DATABASE_URL);
    return async () => {};
  }
  const server = await startPostgres();
  project.provide('testDatabaseUrl', server.adminUrl);
  return server.close;
}
