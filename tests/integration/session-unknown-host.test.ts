import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy';
import { startPlatform, type TestPlatform } from '../support/platform';
import { rawRequest } from '../support/raw-http';

// GET /auth/session answers the shop's tenant id (ADR 0376), which it asks the CMS for. A Host
// that names no shop got a 200 with a null tenant, after a context and an account call per request
// (a Host is the visitor's to choose). It is the 421 its pages, the analytics and the report
// tunnel answer (ADR 0379): the first request learns it from one context lookup, the next within
// the minute ask the platform nothing. A pass-through proxy counts what the gateway asked.
let platform: TestPlatform;
let tap: FaultProxy;
let gateway: FastifyInstance;
let base: string;
beforeAll(async () => {
  platform = await startPlatform();
  tap = await startFaultProxy(platform.url);
  gateway = await buildApp(
    loadConfig({
      PLATFORM_URL: tap.url,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      COOKIE_SECURE: 'false',
    }),
  );
  await gateway.listen({ port: 0, host: '127.0.0.1' });
  base = `http://localhost:${(gateway.server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  await gateway?.close();
  await tap?.close();
  await platform?.close();
});

const sessionFrom = (host: string) => rawRequest(base, 'GET', '/auth/session', { host });

describe('GET /auth/session for a Host that is no shop', () => {
  it('is a 421 in the JSON error shape; after the first, the platform is not asked', async () => {
    const nowhere = `nowhere.example:${new URL(base).port}`;
    const first = await sessionFrom(nowhere);
    expect(first.status).toBe(421);
    expect(JSON.parse(first.body)).toMatchObject({ error: { code: 'misdirected_request' } });

    const from = tap.seen.length;
    for (let i = 0; i < 3; i++) expect((await sessionFrom(nowhere)).status).toBe(421);
    expect(tap.seen.slice(from)).toEqual([]);
  });

  it('answers the shop’s own Host as before: its tenant id', async () => {
    const shop = await sessionFrom(new URL(base).host);
    expect(shop.status).toBe(200);
    expect(JSON.parse(shop.body)).toEqual({ account: null, tenantId: 'fresh' });
  });
});
