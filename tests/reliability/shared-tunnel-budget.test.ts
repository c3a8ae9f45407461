import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEndpointGateway, type EndpointGateway } from '../support/endpoint-gateway';
import { startRedis, type TestRedis } from '../support/redis';
import { startSentryIngest, type SentryIngest } from '../support/sentry-ingest';

// The error-report tunnel's event budget (30 a minute per client address, ADR 0303) is one budget
// for all replicas when they share Redis (REDIS_URL), as the other per-address limits are
// (ADR 0130): a browser whose reports are spread over two replicas gets 30 events to Sentry, not
// 30 per replica. Before, each replica counted in its own memory and 60 went on.
let redis: TestRedis;
let ingest: SentryIngest;
let replicas: EndpointGateway[];

beforeAll(async () => {
  redis = await startRedis();
  ingest = await startSentryIngest();
  const env = { SENTRY_PUBLIC_DSN: ingest.dsn, REDIS_URL: redis.url };
  replicas = await Promise.all([startEndpointGateway(env), startEndpointGateway(env)]);
});
afterAll(async () => {
  await Promise.all((replicas ?? []).map((replica) => replica.close()));
  await ingest?.close();
  await redis?.close();
});

const envelope = (message: string) =>
  `${JSON.stringify({ dsn: replicas[0]!.config.sentryPublicDsn })}\n` +
  `${JSON.stringify({ type: 'event' })}\n${JSON.stringify({ message })}\n`;

const post = (replica: EndpointGateway, from: string, payload: string) =>
  replica.app.inject({
    method: 'POST',
    url: '/monitoring',
    remoteAddress: from,
    headers: { host: 'shop.localhost', 'content-type': 'text/plain' },
    payload,
  });

describe("the tunnel's event budget shared by replicas (REDIS_URL)", () => {
  it('forwards 30 events a minute from one address across both replicas, then 429', async () => {
    ingest.envelopes.length = 0;
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++)
      statuses.push((await post(replicas[i % 2]!, '10.40.0.1', envelope(`e${i}`))).statusCode);
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(200));
    expect(statuses.slice(30)).toEqual(Array(10).fill(429));
    expect(ingest.envelopes).toHaveLength(30);
    // Another address has its own budget, on either replica.
    expect((await post(replicas[1]!, '10.40.0.2', envelope('other'))).statusCode).toBe(200);
  });

  it('refuses an event unread on one replica once the address spent its budget on the other', async () => {
    for (let i = 0; i < 30; i++)
      expect((await post(replicas[0]!, '10.40.0.3', envelope(`e${i}`))).statusCode).toBe(200);
    // Malformed after its event item: read, it would be a 400; unread, it is the budget's 429.
    const unread = `${envelope('over')}{not json\n`;
    expect((await post(replicas[1]!, '10.40.0.3', unread)).statusCode).toBe(429);
    expect((await post(replicas[1]!, '10.40.0.4', unread)).statusCode).toBe(400);
  });
});
