import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CID_PATTERN } from '../../shared/cid';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy';
import { startPlatform, type TestPlatform } from '../support/platform';
import { rawRequest } from '../support/raw-http';
import { startSentryIngest, type SentryIngest } from '../support/sentry-ingest';
import { ERROR_EVENT_BUDGET } from '../../server/limits/page-budgets';

// An error report whose Host names no shop went on to Sentry (an empty tenant tag, the gateway's
// stamp on whatever the poster made up), after a CMS lookup per report. It is now the 421 a page of
// that host gets (ADR 0126), in the JSON error shape, as the analytics route answers (ADR 0357):
// the first report learns it from the one context lookup, the next are refused before any
// platform call. A pass-through proxy between the gateway and the platform counts what it asked.
let platform: TestPlatform;
let tap: FaultProxy;
let ingest: SentryIngest;
let gateway: FastifyInstance;
let base: string;
beforeAll(async () => {
  platform = await startPlatform();
  tap = await startFaultProxy(platform.url);
  ingest = await startSentryIngest();
  gateway = await buildApp(
    loadConfig({
      PLATFORM_URL: tap.url,
      SENTRY_PUBLIC_DSN: ingest.dsn,
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
  await ingest?.close();
  await platform?.close();
});

const envelope = (message: string) =>
  `${JSON.stringify({ dsn: ingest.dsn })}\n${JSON.stringify({ type: 'event' })}\n${JSON.stringify({ message })}\n`;

const postFrom = (host: string, message: string) =>
  rawRequest(
    base,
    'POST',
    '/monitoring',
    { host, origin: `http://${host}`, 'content-type': 'text/plain;charset=UTF-8' },
    envelope(message),
  );

const platformCalls = (from: number) =>
  tap.seen.slice(from).map((seen) => `${seen.method} ${seen.url.replace(/\?.*$/, '')}`);

describe('error reports for a Host that is no shop', () => {
  it('are a 421 in the JSON error shape, forwarded nowhere, one context lookup for all', async () => {
    const nowhere = `nowhere.example:${new URL(base).port}`;
    const from = tap.seen.length;
    ingest.envelopes.length = 0;
    for (let i = 0; i < 5; i++) {
      const answer = await postFrom(nowhere, `made-up report ${i}`);
      expect(answer.status).toBe(421);
      expect(String(answer.headers['content-type'])).toMatch(/^application\/json/);
      const { error } = JSON.parse(answer.body) as {
        error: { code: string; message: string; cid: string };
      };
      expect(error.code).toBe('misdirected_request');
      expect(error.message).toMatch(/No shop is configured/);
      expect(error.cid).toMatch(CID_PATTERN);
    }
    expect(ingest.envelopes).toEqual([]);
    expect(platformCalls(from)).toEqual(['GET /cms-api/context']);
  });

  it("spend nothing of the address's budget, the first one included (ADR 0364)", async () => {
    // From an address of its own (injected): its whole budget of events, then a Host that is no
    // shop, never seen before (so looked up), then the shop's own reports.
    const report = (host: string, message: string) =>
      gateway.inject({
        method: 'POST',
        url: '/monitoring',
        headers: { host, origin: `http://${host}`, 'content-type': 'text/plain;charset=UTF-8' },
        payload: envelope(message),
        remoteAddress: '10.70.0.1',
      });
    for (let i = 0; i < 3; i++)
      expect((await report('elsewhere.example', `made-up ${i}`)).statusCode).toBe(421);
    ingest.envelopes.length = 0;
    for (let i = 0; i < ERROR_EVENT_BUDGET.max; i++)
      expect((await report('localhost', `real ${i}`)).statusCode).toBe(200);
    expect(ingest.envelopes).toHaveLength(ERROR_EVENT_BUDGET.max);
    expect((await report('localhost', 'one too many')).statusCode).toBe(429);
  });

  it("of a shop still go on to Sentry, with the shop's tenant", async () => {
    ingest.envelopes.length = 0;
    const answer = await postFrom(new URL(base).host, 'a real exception');
    expect(answer.status).toBe(200);
    expect(ingest.envelopes).toHaveLength(1);
    const event = JSON.parse(ingest.envelopes[0]!.trim().split('\n')[2]!) as {
      message: string;
      tags: { tenant?: unknown };
    };
    expect(event.message).toBe('a real exception');
    expect(event.tags.tenant).toEqual(expect.stringMatching(/.+/));
  });
});
