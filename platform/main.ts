import closeWithGrace from 'close-with-grace';
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import pino from 'pino';
import { logFormat, prettyStream } from '../shared/log-format';
import { buildPlatform } from './app';
import { CLOSE_DELAY_MS } from './close-delay';
import { loadPlatformConfig, type PlatformConfig } from './config';
import { DataDirInUseError, lockDataDir } from './db/data-dir-lock';
import { openDb } from './db/db';
import { migrate } from './db/migrate';
import { loadIdpConfig, type IdpConfig } from './idp/config';
import { startIdp, type RunningIdp } from './idp/server';
import { runSeeds } from './seed/index';
import { applyShopOrigins, loadShopOrigins, type ShopOrigins } from './shop-origins';
import { holdPort, type HeldPort } from './held-port';
import { guardStart, StoppedWhileStarting, type StartGuard } from './start-guard';
import {
  dataDirFailure,
  databaseFailure,
  listenFailure,
  StartFailure,
  type ListenAt,
} from './start-failure';

// The reference platform process: configuration, its ports held, database (PGlite in DATA_DIR, or
// DATABASE_URL), migrations, seed, then the app takes its port over. SIGINT/SIGTERM close the
// server and the database cleanly, so the embedded database is never left half-written; during
// the start too, which then stops between two of its steps, each migration and seed module whole
// (./start-guard.ts, docs/decisions/0367). DATA_DIR is locked to this process first: a second
// platform on it stops here, naming the one that holds it (docs/decisions/0006). Its ports next,
// before the database is opened: a port taken stops the start at once, not after the migrations,
// and until the platform is ready its ports answer 503 (./held-port.ts, docs/decisions/0361). A
// start that fails for a setting (the database unreachable, a port taken, SHOP_ORIGINS) exits 1
// with one line naming it (./start-failure.ts), after closing what it opened as a stop does: the
// app, the database, the held ports, the lock (docs/decisions/0374).
async function main(): Promise<void> {
  let config: PlatformConfig;
  let idpConfig: IdpConfig;
  let shopOrigins: ShopOrigins;
  try {
    config = loadPlatformConfig();
    idpConfig = loadIdpConfig();
    shopOrigins = loadShopOrigins();
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  }
  // The start's own lines, before the app's logger exists: the same level and destination.
  const log = pino({ level: config.logLevel }, prettyStream(logFormat()));
  // From here a signal stops the start between two of its steps (./start-guard.ts).
  const start = guardStart(log, { delay: CLOSE_DELAY_MS });
  try {
    await startPlatform(config, idpConfig, shopOrigins, start, log);
  } catch (error) {
    if (error instanceof StoppedWhileStarting) await start.stop(error);
    // Failed (a setting, a fault): what the start opened is closed first, as a stop does.
    await start.closeOpened();
    throw error;
  }
}

async function startPlatform(
  config: PlatformConfig,
  idpConfig: IdpConfig,
  shopOrigins: ShopOrigins,
  start: StartGuard,
  log: pino.Logger,
): Promise<void> {
  const dataDir = config.databaseUrl ? undefined : resolve(config.dataDir);
  if (dataDir) {
    await mkdir(dataDir, { recursive: true }).catch((error: unknown) => {
      throw dataDirFailure(error, config.dataDir);
    });
    try {
      const lock = lockDataDir(dataDir);
      // Released last when the start stops or fails, after the database is closed; once running,
      // every way out (a signal's graceful close, an uncaught error) ends in process.exit.
      start.opened(() => lock.release());
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
  start.opened(() => heldPlatformPort.close());
  const heldIdpPort: HeldPort | null = idpConfig.enabled ? await holdPort(idpAt) : null;
  if (heldIdpPort) start.opened(() => heldIdpPort.close());
  await start.checkpoint('opening the database');
  // The server's log exists once the app is built; a connection lost before that fails its query.
  const server: { log?: { warn(object: object, message: string): void } } = {};
  const databaseUrl = config.databaseUrl;
  const database = databaseUrl ? 'postgresql' : `pglite:${dataDir}`;
  const db = await openDb({
    dataDir,
    databaseUrl,
    preparedStatements: config.preparedStatements,
    // PGlite's template databases, frozen here once past the sweep's bound (ADR 0381).
    idleDatabases: { log },
    onIdleConnectionError: (err) =>
      server.log?.warn(
        { err },
        'an idle database connection was ended by the server; the next query connects again',
      ),
  }).catch((error: unknown) => {
    throw databaseUrl ? databaseFailure(error, databaseUrl) : error;
  });
  start.opened(() => db.close());
  await start.checkpoint('migrating');
  log.info({ database }, 'database open: migrating and seeding');
  const applied = await migrate(db, undefined, {
    checkpoint: (file) => start.checkpoint(`migration ${file}`),
  });
  const seeded = await runSeeds(db, undefined, {
    checkpoint: (name) => start.checkpoint(`seed ${name}`),
  });
  await start.checkpoint('applying SHOP_ORIGINS');
  await applyShopOrigins(db, shopOrigins);
  await start.checkpoint('building the app');
  const app = await buildPlatform(db, config);
  start.opened(() => app.close());
  server.log = app.log;
  app.log.info({ database, migrations: applied, seeds: seeded }, 'database ready');
  await start.checkpoint('listening');

  // The start's guard hands the signals over to the running process's handler in this turn.
  start.done();
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
