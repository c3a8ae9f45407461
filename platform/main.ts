import closeWithGrace from 'close-with-grace';
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { buildPlatform } from './app';
import { CLOSE_DELAY_MS } from './close-delay';
import { loadPlatformConfig } from './config';
import { DataDirInUseError, lockDataDir } from './db/data-dir-lock';
import { openDb } from './db/db';
import { migrate } from './db/migrate';
import { loadIdpConfig } from './idp/config';
import { startIdp, type RunningIdp } from './idp/server';
import { runSeeds } from './seed/index';
import { applyShopOrigins, loadShopOrigins, type ShopOrigins } from './shop-origins';
import { holdPort, type HeldPort } from './held-port';
import {
  dataDirFailure,
  databaseFailure,
  listenFailure,
  StartFailure,
  type ListenAt,
} from './start-failure';

// The reference platform process: configuration, its ports held, database (PGlite in DATA_DIR, or
// DATABASE_URL), migrations, seed, then the app takes its port over. SIGINT/SIGTERM close the
// server and the database cleanly, so the embedded database is never left half-written. DATA_DIR
// is locked to this process first: a second platform on it stops here, naming the one that holds
// it (docs/decisions/0006). Its ports next, before the database is opened: a port taken stops the
// start at once, not after the migrations, and until the platform is ready its ports answer 503
// (./held-port.ts, docs/decisions/0361). A start that fails for a setting (the database
// unreachable, a port taken) exits 1 with one line naming it (./start-failure.ts).
async function main(): Promise<void> {
  let config;
  let idpConfig;
  let shopOrigins: ShopOrigins;
  try {
    config = loadPlatformConfig();
    idpConfig = loadIdpConfig();
    shopOrigins = loadShopOrigins();
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  }
  const dataDir = config.databaseUrl ? undefined : resolve(config.dataDir);
  if (dataDir) {
    await mkdir(dataDir, { recursive: true }).catch((error: unknown) => {
      throw dataDirFailure(error, config.dataDir);
    });
    try {
      const lock = lockDataDir(dataDir);
      // Every way out (a signal's graceful close, a failed start) ends in process.exit.
      process.once('exit', () => lock.release());
    } catch (error) {
      if (!(error instanceof DataDirInUseError)) throw error;
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
  }
  const platformAt: ListenAt = {
    port: config.port,
    host: config.host,
    portSetting: 'PLATFORM_PORT',
    hostSetting: 'PLATFORM_HOST',
  };
  const idpAt: ListenAt = {
    port: idpConfig.port,
    host: idpConfig.host,
    portSetting: 'IDP_PORT',
    hostSetting: process.env.IDP_HOST ? 'IDP_HOST' : 'PLATFORM_HOST',
  };
  const heldPlatformPort = await holdPort(platformAt);
  const heldIdpPort: HeldPort | null = idpConfig.enabled ? await holdPort(idpAt) : null;
  // The server's log exists once the app is built; a connection lost before that fails its query.
  const server: { log?: { warn(object: object, message: string): void } } = {};
  const databaseUrl = config.databaseUrl;
  const db = await openDb({
    dataDir,
    databaseUrl,
    preparedStatements: config.preparedStatements,
    onIdleConnectionError: (err) =>
      server.log?.warn(
        { err },
        'an idle database connection was ended by the server; the next query connects again',
      ),
  }).catch((error: unknown) => {
    throw databaseUrl ? databaseFailure(error, databaseUrl) : error;
  });
  const applied = await migrate(db);
  const seeded = await runSeeds(db);
  await applyShopOrigins(db, shopOrigins);
  const app = await buildPlatform(db, config);
  server.log = app.log;
  app.log.info(
    {
      database: config.databaseUrl ? 'postgresql' : `pglite:${dataDir}`,
      migrations: applied,
      seeds: seeded,
    },
    'database ready',
  );

  let idp: RunningIdp | null = null;
  closeWithGrace({ delay: CLOSE_DELAY_MS }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an error');
    else app.log.info({ signal }, 'closing');
    await idp?.close();
    await app.close();
    await db.close();
  });

  // Ready first: the hand-over is then the holder's close and the listen, with nothing between.
  await app.ready();
  await heldPlatformPort
    .handOver(() => app.listen({ port: config.port, host: config.host }))
    .catch((error: unknown) => {
      throw listenFailure(error, platformAt);
    });
  // The demo OpenID Connect provider, on its own port: it stands in for a public identity provider.
  if (heldIdpPort) {
    idp = await startIdp({
      port: idpConfig.port,
      host: idpConfig.host,
      issuer: idpConfig.issuer,
      clients: [idpConfig.client],
      dataDir,
      heldPort: heldIdpPort,
    }).catch((error: unknown) => {
      throw listenFailure(error, idpAt);
    });
    app.log.info({ issuer: idp.url }, 'demo identity provider listening');
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    error instanceof StartFailure
      ? `${error.message}\n`
      : `Platform failed to start: ${(error as Error).stack ?? String(error)}\n`,
  );
  process.exit(1);
});
