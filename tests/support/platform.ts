import type { FastifyInstance } from 'fastify';
import { buildPlatform } from '../../platform/app';
import type { AccessClaims } from '../../platform/auth/tokens';
import { loadPlatformConfig, type PlatformConfig } from '../../platform/config';
import { openDb, type Db } from '../../platform/db/db';
import { migrate } from '../../platform/db/migrate';
import { readOutbox, type OutboxMessage } from '../../platform/mail/outbox';
import { runSeeds, type SeedName } from '../../platform/seed/index';
import { TokenPair } from '../../shared/contracts/uaa';
import { openServerTestDb, TEST_DATABASE_URL } from './platform-postgres';
import { seededTemplate } from './platform-template';

// A real reference platform for a test: migrated and seeded database (in memory unless a dataDir
// is given), listening on 127.0.0.1 on a free port. Tests talk to it over HTTP with fetch.
export const DEMO = { email: 'shopper@example.com', password: 'demo1234' } as const;
export const TENANTS = {
  fresh: { id: 'fresh', origin: 'http://localhost:3000', accountId: 'acc-fresh-demo' },
  harbour: {
    id: 'harbour',
    origin: 'http://harbour.localhost:3000',
    accountId: 'acc-harbour-demo',
  },
} as const;
export type TenantKey = keyof typeof TENANTS;
/** The correlation id `headers()` sends; the platform's error answers carry it back. */
export const TEST_CID = 'TestCid0000000000000000000000000';

export type StartOptions = {
  /** Seeds to run; all by default. The seeded database is cached between test files. */
  seeds?: readonly SeedName[];
  /** Keep the data in this directory (restart tests); in memory otherwise. */
  dataDir?: string;
  /**
   * A PostgreSQL server's admin URL (TEST_DATABASE_URL by default): a fresh database there,
   * migrated and seeded, instead of PGlite.
   */
  postgresUrl?: string;
  config?: Partial<PlatformConfig>;
  /** Receives the platform's JSON log lines (set config.logLevel too). */
  logStream?: { write(line: string): void };
};

export type TestPlatform = {
  url: string;
  app: FastifyInstance;
  db: Db;
  config: PlatformConfig;
  /** Headers the gateway would send for a shop, plus a Bearer token when given. */
  headers(tenant?: TenantKey, token?: string): Record<string, string>;
  /** fetch of a platform path with the shop's headers; JSON bodies are encoded. */
  call(path: string, init?: CallInit): Promise<Response>;
  /** Mints an access token without going through uaa. */
  tokenFor(claims: AccessClaims): Promise<string>;
  /** Signs the demo shopper (or another account) in through uaa. */
  signIn(tenant?: TenantKey, email?: string, password?: string): Promise<TokenPair>;
  /** A guest token pair from uaa. */
  guest(tenant?: TenantKey): Promise<TokenPair>;
  outbox(to: string): Promise<OutboxMessage[]>;
  close(): Promise<void>;
};

export type CallInit = {
  method?: string;
  body?: unknown;
  tenant?: TenantKey;
  token?: string;
  headers?: Record<string, string>;
};

export async function startPlatform(options: StartOptions = {}): Promise<TestPlatform> {
  const config: PlatformConfig = {
    ...loadPlatformConfig({ LOG_LEVEL: 'silent', PLATFORM_DEV_ENDPOINTS: 'true' }),
    ...options.config,
  };
  // In memory: start from the cached seeded dump. On disk or on a PostgreSQL server
  // (TEST_DATABASE_URL): migrate and seed, as the process does.
  const preparedStatements = config.preparedStatements;
  const postgresUrl = options.postgresUrl ?? TEST_DATABASE_URL;
  const server =
    postgresUrl && !options.dataDir
      ? await openServerTestDb(postgresUrl, preparedStatements)
      : null;
  const db =
    server?.db ??
    (options.dataDir
      ? await openDb({ dataDir: options.dataDir, preparedStatements })
      : await openDb({ template: await seededTemplate(options.seeds), preparedStatements }));
  if (server || options.dataDir) {
    await migrate(db);
    await runSeeds(db, options.seeds);
  }
  const app = await buildPlatform(db, config, { logStream: options.logStream });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const headers = (tenant: TenantKey = 'fresh', token?: string) => ({
    'x-domain-origin': TENANTS[tenant].origin,
    'x-correlation-id': TEST_CID,
    'x-client-name': 'cms-website',
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  });
  const call = (path: string, init: CallInit = {}) =>
    fetch(url + path, {
      method: init.method ?? 'GET',
      headers: {
        ...headers(init.tenant, init.token),
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  const tokens = async (response: Response) => {
    if (!response.ok) throw new Error(`uaa answered ${response.status}: ${await response.text()}`);
    return TokenPair.parse(await response.json());
  };

  return {
    url,
    app,
    db,
    config,
    headers,
    call,
    tokenFor: (claims) => app.signer.sign(claims, config.accessTokenTtl),
    signIn: async (
      tenant = 'fresh',
      email: string = DEMO.email,
      password: string = DEMO.password,
    ) =>
      tokens(
        await call('/api/services/uaa/api/v1/auth/sign-in', {
          method: 'POST',
          tenant,
          body: { email, password },
        }),
      ),
    guest: async (tenant = 'fresh') =>
      tokens(await call('/api/services/uaa/api/v1/auth/guest', { method: 'POST', tenant })),
    outbox: (to) => readOutbox(db, { to }),
    close: async () => {
      await app.close();
      if (server) await server.drop();
      else await db.close();
    },
  };
}
