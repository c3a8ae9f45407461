import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { buildApp, type AppOptions } from '../../server/app';
import { loadConfig } from '../../server/config';
import { startFaultProxy, type FaultProxy } from './fault-proxy';
import { startPlatform, type TestPlatform } from './platform';

// A gateway in this process against the reference platform, through a pass-through fault proxy
// that records every call (`tap.seen`): for tests that count what reaches the platform.
export type TappedGateway = {
  platform: TestPlatform;
  tap: FaultProxy;
  gateway: FastifyInstance;
  /** http://localhost:<port> (a shop host of the platform). */
  base: string;
  close(): Promise<void>;
};

/** `options`: the app's (a test that reads the log lines passes its `logStream`). */
export async function startTappedGateway(
  env: Record<string, string> = {},
  options: AppOptions = {},
): Promise<TappedGateway> {
  const platform = await startPlatform();
  const tap = await startFaultProxy(platform.url);
  const gateway = await buildApp(
    loadConfig({
      PLATFORM_URL: tap.url,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      COOKIE_SECURE: 'false',
      ...env,
    }),
    options,
  );
  await gateway.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://localhost:${(gateway.server.address() as AddressInfo).port}`;
  return {
    platform,
    tap,
    gateway,
    base,
    async close() {
      await gateway.close();
      await tap.close();
      await platform.close();
    },
  };
}

/** A JWT-shaped access token that expired a minute ago (the gateway only reads `exp`). */
export const EXPIRED_ACCESS_TOKEN = [
  Buffer.from('{"alg":"none"}').toString('base64url'),
  Buffer.from(JSON.stringify({ exp: Math.floor(Date.now() / 1000) - 60 })).toString('base64url'),
  'x',
].join('.');
