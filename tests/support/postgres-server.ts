import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './nginx';

// A throwaway PostgreSQL server (Debian's `postgresql` package) for the tests that prove the
// platform's SQL on PostgreSQL as well as on PGlite: initdb into a temp directory, pg_ctl start on
// 127.0.0.1 and a free port (its socket in that directory too), one database; stopped and removed
// by close(). Durability is off: nothing outlives the test.
const run = promisify(execFile);

export type TestPostgres = {
  /** The test database, `postgres://postgres@127.0.0.1:<port>/storefront`. */
  url: string;
  /** The server's `postgres` database, for admin work (TEST_DATABASE_URL). */
  adminUrl: string;
  close(): Promise<void>;
};

/** The directory holding initdb and pg_ctl: POSTGRES_BIN_DIR, Debian's newest, else on PATH. */
export function postgresBinDir(): string | null {
  if (process.env.POSTGRES_BIN_DIR) return process.env.POSTGRES_BIN_DIR;
  const debian = '/usr/lib/postgresql';
  const versions = existsSync(debian)
    ? readdirSync(debian).sort((a, b) => Number(b) - Number(a))
    : [];
  const dirs = [
    ...versions.map((version) => join(debian, version, 'bin')),
    ...(process.env.PATH ?? '').split(delimiter),
  ];
  return dirs.find((dir) => dir && existsSync(join(dir, 'initdb'))) ?? null;
}

/**
 * Must the PostgreSQL tests run? In CI (`CI`, or `POSTGRES_TESTS=required`, which .ci/run sets)
 * yes; elsewhere they are skipped when no server binaries are installed.
 */
export function postgresRequired(): boolean {
  const ci = process.env.CI;
  return process.env.POSTGRES_TESTS === 'required' || (!!ci && ci !== 'false' && ci !== '0');
}

// initdb and postgres refuse to run as root: as root, run them as the package's `postgres` user.
function unprivileged(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString());
  return { uid: id('-u'), gid: id('-g') };
}

export async function startPostgres(): Promise<TestPostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('no PostgreSQL server binaries (apt-get install postgresql)');
  const user = unprivileged();
  const dir = await mkdtemp(join(tmpdir(), 'storefront-postgres-'));
  const data = join(dir, 'data');
  await mkdir(data);
  if (user) {
    await chown(dir, user.uid, user.gid);
    await chown(data, user.uid, user.gid);
  }
  const options = { cwd: dir, env: { PATH: process.env.PATH, LC_ALL: 'C' }, ...user };
  const pgCtl = (...args: string[]) => run(join(bin, 'pg_ctl'), ['-D', data, ...args], options);
  const port = await freePort();
  try {
    await run(
      join(bin, 'initdb'),
      ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync'],
      options,
    );
    // Test files run in parallel, each platform with a pool of 10.
    const settings = [
      `-p ${port}`,
      `-k ${dir}`,
      '-c listen_addresses=127.0.0.1',
      '-c max_connections=300',
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
    ];
    await pgCtl('-l', join(dir, 'server.log'), '-w', '-t', '60', '-o', settings.join(' '), 'start');
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  const close = async () => {
    await pgCtl('-m', 'immediate', '-w', 'stop').catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  };
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  try {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query('create database storefront').finally(() => client.end());
  } catch (error) {
    await close();
    throw error;
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/storefront`, adminUrl, close };
}
