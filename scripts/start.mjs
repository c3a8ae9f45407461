// npm start: the whole shop on this machine — the reference platform (PLATFORM_PORT, default 4000,
// embedded PostgreSQL in DATA_DIR) and the gateway (PORT, default 3000) as two processes with real
// HTTP between them, stopped together. Builds first when the build is missing or older than the code.
// A shop for development: the e-mails it would send are read at /dev/mail.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { gatewayCommandLineFlags, gatewayHeapCaps } from './gateway-node-flags.mjs';
import { listeningPorts } from './start-ports.mjs';

const outputs = ['build/server/index.js', 'dist/server/main.js', 'dist/platform/main.js'];
const sources = [
  'client',
  'server',
  'shared',
  'platform',
  'package-lock.json',
  'vite.config.ts',
  'react-router.config.ts',
];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const runPlatform = !process.env.PLATFORM_URL;
const runIdp = runPlatform && process.env.IDP_ENABLED !== 'false';
// The ports of the processes this script starts, read as they read them (the platform reads
// IDP_PORT, enabled or not): a port they would refuse (0, 70000, "eighty") stops the shop here, in
// their words, before any build or process.
const { ports, problems } = listeningPorts(
  process.env,
  runPlatform ? ['PORT', 'PLATFORM_PORT', 'IDP_PORT'] : ['PORT'],
);
if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  console.error('The shop did not start.');
  process.exit(1);
}
const port = String(ports.PORT);
const platformPort = String(ports.PLATFORM_PORT ?? 4000);
const platformUrl = process.env.PLATFORM_URL ?? `http://127.0.0.1:${platformPort}`;
// Empty is unset, as the gateway reads it (its default then).
const metricsPort = process.env.METRICS_PORT || '9464';
const idpPort = String(ports.IDP_PORT ?? 4001);

// Every port this shop listens on must be free before anything starts: with one taken, the
// health checks would answer from whatever holds it (often another shop) and the shop would say
// it is running, then stop (issue #25 item 6).
/** Whether `port` can be listened on at `host` (EADDRINUSE: no; anything else is left to the process). */
function free(portNumber, host) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (error) => resolve(error.code !== 'EADDRINUSE'));
    probe.listen({ port: Number(portNumber), host, exclusive: true }, () =>
      probe.close(() => resolve(true)),
    );
  });
}
const wanted = [
  ['PORT', port, process.env.HOST ?? '0.0.0.0', 'the shop'],
  ...(metricsPort === '0'
    ? []
    : [['METRICS_PORT', metricsPort, process.env.METRICS_HOST ?? '127.0.0.1', 'the metrics']]),
  ...(runPlatform
    ? [
        ['PLATFORM_PORT', platformPort, process.env.PLATFORM_HOST ?? '127.0.0.1', 'the platform'],
        ...(runIdp
          ? [
              [
                'IDP_PORT',
                idpPort,
                process.env.IDP_HOST ?? process.env.PLATFORM_HOST ?? '127.0.0.1',
                'the demo sign-in provider',
              ],
            ]
          : []),
      ]
    : []),
];
const taken = [];
for (const [name, portNumber, host, what] of wanted)
  if (Number(portNumber) > 0 && !(await free(portNumber, host)))
    taken.push([name, portNumber, what]);
if (taken.length > 0) {
  for (const [name, portNumber, what] of taken)
    console.error(
      `Port ${portNumber} (${name}, ${what}) is already in use: is another shop running? ` +
        `Stop it, or choose another port, e.g. ${name}=${Number(portNumber) + 100} npm start.`,
    );
  console.error('The shop did not start.');
  process.exit(1);
}

const builtAt = Math.min(...outputs.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
if (builtAt === 0 || Math.max(...sources.map(newest)) > builtAt) {
  console.log('Building the shop (npm run build)...');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// Error reports go to the platform's local error inbox unless a real Sentry DSN is given
// (issue #7 item 3): a newcomer sees them at /dev/errors without an account anywhere.
const localInbox = runPlatform && !process.env.SENTRY_DSN;
const inboxDsn = `http://local@127.0.0.1:${platformPort}/dev/errors/1`;

// The platform's demo OpenID Connect provider (its own port), and the shop configured to use it as
// any other provider: the gateway lists it, uaa trusts its ID tokens for the shop's client id.
const idpIssuer = process.env.IDP_ISSUER ?? `http://127.0.0.1:${idpPort}`;
const idpClientId = process.env.IDP_CLIENT_ID ?? 'storefront';
const idpClientSecret = process.env.IDP_CLIENT_SECRET ?? 'storefront-demo-client-secret';
const demoProvider = {
  id: 'demo',
  name: 'Demo ID',
  discoveryUrl: `${idpIssuer}/.well-known/openid-configuration`,
  clientId: idpClientId,
  clientSecret: idpClientSecret,
  scopes: ['openid', 'email', 'profile'],
};
// The platform this script runs serves a shop on this machine: its e-mail links and canonical
// links lead to the shop at the port it listens on (the seed's origins name port 3000; set at
// every start, so a data directory first used on another PORT follows; ADRs 0229, 0272), and its
// outbox is open to the
// gateway's development mailbox, /dev/mail, linked from the sign-in screens (ADR 0273). A
// SHOP_ORIGINS of the caller's (a proxy in front of the shop) wins; so do explicit switches.
const shopOrigins =
  process.env.SHOP_ORIGINS ??
  JSON.stringify({
    fresh: `http://localhost:${port}`,
    harbour: `http://harbour.localhost:${port}`,
  });
const platformDevEndpoints = process.env.PLATFORM_DEV_ENDPOINTS ?? 'true';
const devMailbox =
  process.env.DEV_MAILBOX ?? (runPlatform && platformDevEndpoints === 'true' ? 'on' : 'off');
const platformEnv = {
  PLATFORM_PORT: platformPort,
  SHOP_ORIGINS: shopOrigins,
  PLATFORM_DEV_ENDPOINTS: platformDevEndpoints,
  IDP_PORT: idpPort,
  IDP_ISSUER: idpIssuer,
  IDP_CLIENT_ID: idpClientId,
  IDP_CLIENT_SECRET: idpClientSecret,
  IDP_REDIRECT_URIS:
    process.env.IDP_REDIRECT_URIS ??
    ['localhost', 'harbour.localhost']
      .map((host) => `http://${host}:${port}/auth/social/demo/callback`)
      .join(','),
  UAA_TRUSTED_ISSUERS:
    process.env.UAA_TRUSTED_ISSUERS ??
    JSON.stringify([{ issuer: idpIssuer, audience: idpClientId }]),
};
const socialEnv = runPlatform
  ? {
      SOCIAL_PROVIDERS: process.env.SOCIAL_PROVIDERS ?? JSON.stringify([demoProvider]),
      SOCIAL_COOKIE_SECRET: process.env.SOCIAL_COOKIE_SECRET ?? randomBytes(32).toString('hex'),
    }
  : {};

// Each child leads a process group of its own, which a stop signals whole, once: Ctrl+C in the
// terminal reaches this script alone (not the children at the same moment, which closed the
// platform beside a gateway still finishing its requests, and whose second signal made
// close-with-grace exit at once). A child that outlives this script (SIGKILL) sees its IPC channel
// close and stops (scripts/stop-with-parent.mjs). docs/decisions/0006.
const groups = process.platform !== 'win32';
const stopWithParent = new URL('./stop-with-parent.mjs', import.meta.url).href;
const children = [];
let stopping = false;
function run(name, script, env, nodeArgs = []) {
  const child = spawn(
    process.execPath,
    ['--enable-source-maps', '--import', stopWithParent, ...nodeArgs, script],
    {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      detached: groups,
      // React and the libraries pick their production builds from NODE_ENV at load time.
      env: { NODE_ENV: 'production', ...process.env, ...env },
    },
  );
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${name} stopped (${signal ?? code}); stopping the shop.`);
      void stop(code ?? 1);
    }
  });
  children.push(child);
  return child;
}

/** Sends `signal` to the child's whole process group; nothing when it is gone. */
function signalGroup(child, signal) {
  try {
    if (groups) process.kill(-child.pid, signal);
    else child.kill(signal);
  } catch {
    // already gone
  }
}

const exited = (child) =>
  new Promise((resolve) =>
    child.exitCode === null && child.signalCode === null ? child.once('exit', resolve) : resolve(),
  );

// The gateway goes first (it finishes its requests, which may still call the platform), then the
// platform closes its database. Whatever a child left in its group goes with it.
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of [...children].reverse()) {
    if (child.exitCode === null && child.signalCode === null) signalGroup(child, 'SIGTERM');
    await exited(child);
    signalGroup(child, 'SIGKILL');
  }
  process.exit(code);
}
// SIGHUP: the terminal closed, or `kill -HUP`.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void stop(0));

async function waitForHealth(url, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !stopping) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  // Stopping: stop() ends the script once the children are gone.
  if (stopping) await new Promise(() => {});
  throw new Error(`${url} did not become healthy`);
}

if (runPlatform) {
  run('platform', 'dist/platform/main.js', {
    ...platformEnv,
    ...(localInbox ? { PLATFORM_ERROR_INBOX: 'true' } : {}),
  });
  await waitForHealth(`${platformUrl}/healthz`);
}
// No load balancer waits for readiness here: Ctrl+C stops at once unless told otherwise.
run(
  'gateway',
  'dist/server/main.js',
  {
    PORT: port,
    PLATFORM_URL: platformUrl,
    SHUTDOWN_DELAY_MS: process.env.SHUTDOWN_DELAY_MS ?? '0',
    DEV_MAILBOX: devMailbox,
    ...socialEnv,
    ...(localInbox ? { SENTRY_DSN: inboxDsn, SENTRY_PUBLIC_DSN: inboxDsn } : {}),
    // The heap caps as defaults before the caller's NODE_OPTIONS, which V8 lets win, as
    // scripts/gateway.sh does (docs/decisions/0228).
    NODE_OPTIONS: [...gatewayHeapCaps(), process.env.NODE_OPTIONS ?? ''].join(' ').trim(),
  },
  gatewayCommandLineFlags(),
);
await waitForHealth(`http://127.0.0.1:${port}/readyz`);
// A process that stopped meanwhile (its port taken after the check above) stops the shop: no
// "running" then.
if (stopping) await new Promise(() => {});

console.log(`
  Storefront is running.
    Fresh Market     http://localhost:${port}/
    Harbour Grocers  http://harbour.localhost:${port}/
    Platform API     ${platformUrl}/openapi.json
    Sent e-mails     ${devMailbox === 'on' ? `http://localhost:${port}/dev/mail` : 'off'}
    Error reports    ${localInbox ? `${platformUrl}/dev/errors` : process.env.SENTRY_DSN ? 'SENTRY_DSN' : 'off'}
    Metrics          ${metricsPort === '0' ? 'off' : `http://127.0.0.1:${metricsPort}/metrics`}

  Demo shopper (both shops): shopper@example.com / demo1234
  Demo sign-in provider:     ${idpIssuer} ("Continue with Demo ID"; users shopper, newcomer,
                             unverified, password demo1234)
  Stop with Ctrl+C.
`);
