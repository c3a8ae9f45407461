import type { FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { startFakeUpstream, type FakeUpstream } from './fake-upstream';

// The gateway on a recording fake platform, for tests of its own endpoints (session, proxy, CSRF).
// Pages are not requested here, so a stub React Router build stands in for `npm run build` (pages:
// ./page-gateway.ts).
export type EndpointGateway = {
  app: FastifyInstance;
  upstream: FakeUpstream;
  config: Config;
  /** Every JSON log line of the gateway, to assert what was (and was not) logged. */
  logs: Record<string, unknown>[];
  close(): Promise<void>;
};

let stubBuildDir: string | undefined;
function stubBuild(): string {
  if (stubBuildDir) return stubBuildDir;
  const dir = mkdtempSync(join(tmpdir(), 'storefront-stub-build-'));
  mkdirSync(join(dir, 'server'), { recursive: true });
  mkdirSync(join(dir, 'client', 'assets'), { recursive: true });
  writeFileSync(join(dir, 'server', 'index.js'), 'export const routes = {};\n');
  stubBuildDir = dir;
  return dir;
}

export async function startEndpointGateway(
  env: Record<string, string> = {},
): Promise<EndpointGateway> {
  const upstream = await startFakeUpstream();
  const config = loadConfig({
    PLATFORM_URL: upstream.url,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    ...env,
  });
  const logs: Record<string, unknown>[] = [];
  const app = await buildApp(config, {
    render: { kind: 'build', dir: stubBuild() },
    logStream: {
      write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>),
    },
  });
  await app.ready();
  return {
    app,
    upstream,
    config,
    logs,
    close: async () => {
      await app.close();
      await upstream.close();
    },
  };
}

/** The headers of a page of the test shop, and those of a write from it (CSRF header, Origin). */
export const SHOP = { host: 'shop.localhost' };
export const WRITE = { ...SHOP, 'x-csrf': '1', origin: 'http://shop.localhost' };

/**
 * One gateway for the tests of a file: started before them, closed after, its fake platform reset
 * before each test and (unless `answerAll: false`) answering every request 200 `{ ok: true }`.
 */
export function endpointGatewayPerFile(
  options: { env?: Record<string, string>; answerAll?: boolean } = {},
): EndpointGateway {
  const gw = {} as EndpointGateway;
  beforeAll(async () => {
    Object.assign(gw, await startEndpointGateway(options.env));
  });
  afterAll(() => gw.close());
  beforeEach(() => {
    gw.upstream.reset();
    if (options.answerAll !== false) gw.upstream.on('*', /.*/, { body: { ok: true } });
  });
  return gw;
}
