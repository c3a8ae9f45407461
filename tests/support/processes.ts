import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { gatewayCommandLineFlags, gatewayHeapCaps } from '../../scripts/gateway-node-flags.mjs';
import { freePort } from './nginx';

// The built gateway (dist/server/main.js) and the built platform (dist/platform/main.js) as child
// processes on 127.0.0.1, for the fault suites: a SIGKILL is real, the memory is the process's own.
// Both need `npm run build` (which `npm test` runs first).
const ROOT = resolve(new URL('../../', import.meta.url).pathname);
export const GATEWAY_MAIN = resolve(ROOT, 'dist/server/main.js');
export const PLATFORM_MAIN = resolve(ROOT, 'dist/platform/main.js');

export type NodeProcess = {
  url: string;
  port: number;
  pid: number;
  child: ChildProcess;
  /** Resolves with the exit once the process is gone. */
  exited: Promise<void>;
  /** The last lines the process wrote to stderr (for failure messages). */
  stderr(): string;
  /** SIGTERM (or `signal`), then waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
};

async function startNode(
  main: string,
  env: Record<string, string>,
  port: number,
  readyPath: string,
  nodeArgs: string[] = [],
): Promise<NodeProcess> {
  if (!existsSync(main)) throw new Error(`${main} is missing: run npm run build first`);
  const child = spawn(process.execPath, [...nodeArgs, main], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${main} exited (${child.exitCode ?? child.signalCode}): ${stderr}`);
    }
    const ready = await fetch(url + readyPath).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${main} did not become ready in 60 s: ${stderr}`);
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  return {
    url,
    port,
    pid: child.pid!,
    child,
    exited,
    stderr: () => stderr,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/**
 * The production gateway against `platformUrl`, with its heap cap (docs/decisions/0008), on `port`
 * (a replica started again where the balancer looks for it) or a free one.
 */
export async function startGatewayProcess(
  platformUrl: string,
  env: Record<string, string> = {},
  port?: number,
): Promise<NodeProcess> {
  port ??= await freePort();
  return startNode(
    GATEWAY_MAIN,
    {
      PLATFORM_URL: platformUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SHUTDOWN_DELAY_MS: '0',
      // Several gateways per test: no shared metrics port.
      METRICS_PORT: '0',
      ...env,
    },
    port,
    '/readyz',
    [...gatewayHeapCaps(), ...gatewayCommandLineFlags()],
  );
}

/** The reference platform on DATA_DIR `dataDir` and `port` (the same ones again after a restart). */
export async function startPlatformProcess(
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
): Promise<NodeProcess> {
  return startNode(
    PLATFORM_MAIN,
    {
      DATA_DIR: dataDir,
      PLATFORM_PORT: String(port),
      PLATFORM_HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    port,
    '/healthz',
  );
}
