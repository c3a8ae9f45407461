import { describe } from 'vitest';
import { postgresBinDir, postgresRequired } from './postgres-server';

// A suite that starts a throwaway PostgreSQL server of its own (./postgres-server.ts): skipped,
// saying why in its title, where no server binaries are installed and none are required (CI).
// Not in ./postgres-server.ts: the `postgres` project's global setup imports that one outside a
// test file.
export function describeOnPostgres(title: string, suite: () => void): void {
  const skip = postgresBinDir() === null && !postgresRequired();
  describe.skipIf(skip)(
    skip ? `${title} (skipped: no PostgreSQL server binaries, apt-get install postgresql)` : title,
    suite,
  );
}
