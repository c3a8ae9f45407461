import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { closeGateway } from '../support/close-gateway';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../support/otlp-receiver';
import { startPlatform, type TestPlatform } from '../support/platform';

// Issue #28 item 1, checked independently: a signed-in page's trace. The page's span names its
// route, status and tenant; each platform call its service, method, template, status, retry,
// renewal and breaker state, the renewal of an access token near its end included (ADR 0135:
// a page renews a token that ends within 60 s, so the platform's 30 s tokens renew on each load).
let receiver: OtlpReceiver;
let platform: TestPlatform;
let gateway: FastifyInstance;
let url: string;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = receiver.url;
  process.env.OTEL_BSP_SCHEDULE_DELAY = '50';
  platform = await startPlatform({ config: { accessTokenTtl: 30 } });
  const config = loadConfig({ PLATFORM_URL: platform.url, LOG_LEVEL: 'silent', NODE_ENV: 'test' });
  gateway = await buildApp(config);
  await gateway.listen({ port: 0, host: '127.0.0.1' });
  url = `http://localhost:${(gateway.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (gateway) await closeGateway(gateway);
  await platform?.close();
  await receiver?.close();
});

const hex = (n: number) =>
  Array.from({ length: n }, () => Math.floor(Math.random() * 16).toString(16)).join('');

async function spansOf(traceId: string, until: (spans: ReceivedSpan[]) => boolean) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const spans = receiver.spans.filter((s) => s.traceId === traceId);
    if (until(spans) || Date.now() > deadline) return spans;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const REFRESH = '/api/services/uaa/api/v1/auth/refresh';
const calls = (spans: ReceivedSpan[]) =>
  spans.filter((s) => s.service === 'storefront-gateway' && s.kind === 3);

describe("a signed-in page's trace", () => {
  it('has the page, its platform calls and the renewal, each with its attributes', async () => {
    const pair = await platform.signIn('fresh');
    const traceId = hex(32);
    const parent = hex(16);
    const response = await fetch(`${url}/orders`, {
      redirect: 'manual',
      headers: {
        traceparent: `00-${traceId}-${parent}-01`,
        cookie: `access_token=${pair.access_token}; refresh_token=${pair.refresh_token}`,
      },
    });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().some((c) => c.startsWith('access_token='))).toBe(true);
    const spans = await spansOf(
      traceId,
      (all) =>
        all.some((s) => s.kind === 2 && s.service === 'storefront-gateway') &&
        calls(all).some((s) => s.attributes['storefront.upstream.service'] === 'orders') &&
        all.filter((s) => s.service === 'storefront-platform' && s.kind === 2).length >=
          calls(all).length,
    );
    const page = spans.find((s) => s.service === 'storefront-gateway' && s.kind === 2);
    expect(page).toMatchObject({
      name: 'GET order-list',
      parentSpanId: parent,
      attributes: {
        'http.route': 'order-list',
        'http.response.status_code': 200,
        'storefront.tenant': 'fresh',
      },
    });
    const renewals = calls(spans).filter((s) => s.attributes['storefront.upstream.renewal']);
    expect(renewals.map((s) => s.attributes)).toEqual([
      expect.objectContaining({
        'http.request.method': 'POST',
        'url.template': REFRESH,
        'storefront.upstream.service': 'uaa',
        'http.response.status_code': 200,
        'storefront.upstream.retry': false,
        'storefront.breaker.state': 'closed',
      }),
    ]);
    const orders = calls(spans).find(
      (s) => s.attributes['storefront.upstream.service'] === 'orders',
    );
    expect(orders?.attributes).toMatchObject({
      'http.request.method': 'GET',
      'url.template': '/api/services/orders/api/v1/orders',
      'http.response.status_code': 200,
      'storefront.upstream.renewal': false,
      'storefront.upstream.retry': false,
      'storefront.breaker.state': 'closed',
    });
    for (const call of calls(spans)) expect(call.parentSpanId).toBe(page!.spanId);
    // The platform served the renewal inside the same trace.
    const served = spans.find(
      (s) =>
        s.service === 'storefront-platform' &&
        s.kind === 2 &&
        s.parentSpanId === renewals[0]!.spanId,
    );
    expect(served?.attributes['http.route']).toBe(REFRESH);
  });
});
