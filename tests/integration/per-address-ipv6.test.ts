import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEndpointGateway, type EndpointGateway } from '../support/endpoint-gateway';
import { startSentryIngest, type SentryIngest } from '../support/sentry-ingest';

// Every per-address limit groups IPv6 by /64 (issue #27 item 11, docs/decisions/0242): a client
// with a /64 has 2^64 addresses, so counting raw addresses let one client through every limit.
// Here /monitoring (the browser's error tunnel, 30 envelopes a minute per client address) and the
// sign-in rate limit, each from one /64 and from another.
let gw: EndpointGateway;
let ingest: SentryIngest;
beforeAll(async () => {
  ingest = await startSentryIngest();
  gw = await startEndpointGateway({ RATE_LIMIT_SIGN_IN: '5/60', SENTRY_PUBLIC_DSN: ingest.dsn });
});
afterAll(async () => {
  await gw?.close();
  await ingest?.close();
});

const envelope = (dsn: string) =>
  `${JSON.stringify({ dsn })}\n${JSON.stringify({ type: 'event' })}\n${JSON.stringify({ message: 'x' })}\n`;

const tunnel = (from: string) =>
  gw.app.inject({
    method: 'POST',
    url: '/monitoring',
    remoteAddress: from,
    headers: { host: 'shop.localhost', 'content-type': 'text/plain' },
    payload: envelope(gw.config.sentryPublicDsn!),
  });

describe('per-address limits and IPv6', () => {
  it('/monitoring: 40 envelopes from one /64 are 30 accepted, then 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++)
      statuses.push((await tunnel(`2001:db8:40:1::${i + 1}`)).statusCode);
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(200));
    expect(ingest.envelopes).toHaveLength(30);
    // Before: every address of the /64 had its own 30 (40 of 40 accepted).
    expect(statuses.slice(30)).toEqual(Array(10).fill(429));
    // Another /64 has its own budget.
    expect((await tunnel('2001:db8:40:2::1')).statusCode).toBe(200);
  });

  it('sign-in rate limit: one /64 is one address', async () => {
    const signIn = (from: string) =>
      gw.app.inject({
        method: 'POST',
        url: '/auth/sign-in',
        remoteAddress: from,
        headers: { host: 'shop.localhost', origin: 'http://shop.localhost', 'x-csrf': '1' },
        payload: { email: 'a@example.com', password: 'x' },
      });
    for (let i = 0; i < 5; i++)
      expect((await signIn(`2001:db8:41:1:${i}::1`)).statusCode).not.toBe(429);
    expect((await signIn('2001:db8:41:1:ffff::9')).statusCode).toBe(429);
    expect((await signIn('2001:db8:41:2::1')).statusCode).not.toBe(429);
  });
});
