import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMetricsServer, type MetricsServer } from '../../server/observability/metrics-server';
import { templateOf } from '../../server/observability/route-template';
import { upstreamOperations } from '../../shared/upstream/contract';
import { startReportingShop, type ReportingShop } from '../support/error-inbox';

// Issue #7 item 8: the metrics port shows the series after traffic; every upstream call carries
// the request's W3C traceparent, one trace per gateway request.
let shop: ReportingShop;
let metrics: MetricsServer;

beforeAll(async () => {
  shop = await startReportingShop({ SENTRY_DSN: '' });
  metrics = await startMetricsServer({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await metrics?.close();
  await shop?.close();
});

describe('metrics and traces', () => {
  it('shows requests by route and status, latency, upstream calls, refreshes, breakers, lag', async () => {
    await fetch(`${shop.url}/`);
    await fetch(`${shop.url}/search?q=milk`);
    await fetch(`${shop.url}/search/milk`);
    await fetch(`${shop.url}/search/milk`);
    await fetch(`${shop.url}/api/services/catalogue/api/v1/products?limit=1`);
    await fetch(`${shop.url}/no/such/page`);
    const pair = await shop.platform.signIn();
    // An expired access token makes the gateway refresh it before the page (a token uaa refuses
    // unexpectedly after an early head is renewed on the next page instead: ADR 0271).
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const expired = `${part({ alg: 'RS256' })}.${part({ sub: 'x', exp: 1_000_000_000 })}.c2ln`;
    await fetch(`${shop.url}/`, {
      headers: { cookie: `access_token=${expired}; refresh_token=${pair.refresh_token}` },
    });

    const response = await fetch(`http://127.0.0.1:${metrics.port}/metrics`);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    expect(text).toMatch(
      /gateway_http_requests_total\{route="home",method="GET",status="200"\} [1-9]/,
    );
    expect(text).toMatch(
      /gateway_http_requests_total\{route="not-found",method="GET",status="404"\} [1-9]/,
    );
    expect(text).toMatch(
      /gateway_http_requests_total\{route="proxy",method="GET",status="\d+"\} [1-9]/,
    );
    expect(text).toMatch(
      /gateway_http_request_duration_seconds_bucket\{le="\+Inf",route="home",method="GET"\} [1-9]/,
    );
    expect(text).toMatch(/gateway_upstream_requests_total\{service="cms",status="200"\} [1-9]/);
    expect(text).toMatch(
      /gateway_upstream_requests_total\{service="catalogue",status="\d+"\} [1-9]/,
    );
    expect(text).toMatch(
      /gateway_upstream_request_duration_seconds_count\{service="uaa",route="\/api\/services\/uaa\/api\/v1\/[a-z/-]+"\} [1-9]/,
    );
    expect(text).toMatch(/gateway_token_refreshes_total\{outcome="\w+"\} [1-9]/);
    // One series per breaker state, 1 for the current one.
    expect(text).toMatch(/gateway_circuit_breaker_state\{service="catalogue",state="closed"\} 1/);
    expect(text).toMatch(/gateway_circuit_breaker_state\{service="catalogue",state="open"\} 0/);
    // The sub-request cache answered the second search: its lookups are counted.
    expect(text).toMatch(/gateway_cache_lookups_total\{cache="subrequest",result="miss"\} [1-9]/);
    expect(text).toMatch(/gateway_cache_lookups_total\{cache="subrequest",result="hit"\} [1-9]/);
    expect(text).toMatch(/nodejs_eventloop_lag_seconds \d/);
  });

  it('labels upstream latency by the contract templates only: junk paths add none (ADR 0304)', async () => {
    // The independent check of issue #28: random letter-only paths took every place of a learned
    // table, and real routes were counted as `other` afterwards.
    const letters = (i: number) =>
      [...i.toString(4).padStart(6, '0')].map((d) => 'abdz'[+d]).join('');
    for (const service of ['catalogue', 'orders', 'uaa'])
      for (let i = 0; i < 45; i += 5)
        await Promise.all(
          Array.from({ length: 5 }, (_, j) =>
            fetch(`${shop.url}/api/services/${service}/api/v1/${letters(i + j)}zz${letters(i)}`),
          ),
        );
    await fetch(`${shop.url}/api/services/catalogue/api/v1/offerings?ids=off-milk-1`);
    const text = await (await fetch(`http://127.0.0.1:${metrics.port}/metrics`)).text();
    const routes = new Set(
      [
        ...text.matchAll(
          /gateway_upstream_request_duration_seconds_count\{service="[^"]+",route="([^"]+)"/g,
        ),
      ].map((m) => m[1]!),
    );
    const known = new Set([...upstreamOperations.map((op) => templateOf(op.path)), 'other']);
    for (const route of routes) expect(known, route).toContain(route);
    expect(routes).toContain('other');
    expect(text).toMatch(
      /gateway_upstream_request_duration_seconds_count\{service="catalogue",route="\/api\/services\/catalogue\/api\/v1\/offerings"\} [1-9]/,
    );
  });

  it("says in each HELP what a label holds, in an operator's words, never a source file", async () => {
    const text = await (await fetch(`http://127.0.0.1:${metrics.port}/metrics`)).text();
    const helps = [...text.matchAll(/^# HELP (gateway_\w+) (.*)$/gm)];
    expect(helps.length).toBeGreaterThan(5);
    for (const [, name, help] of helps) expect(help, name).not.toMatch(/\.(ts|js)\b/);
    // The upstream route label: a path of the upstream contract, any other `other` (ADR 0304).
    expect(text).toContain(
      '# HELP gateway_upstream_request_duration_seconds Time to the response headers of a platform call, by service and route template (a path of the upstream contract, any other path: other)',
    );
  });

  it('is not served on the public port', async () => {
    const response = await fetch(`${shop.url}/metrics`);
    expect(await response.text()).not.toContain('gateway_http_requests_total');
  });

  it('sends traceparent on every upstream call of a page: one trace id, a span each', async () => {
    shop.faults.seen.length = 0;
    const response = await fetch(`${shop.url}/search?q=milk`);
    const cid = response.headers.get('x-correlation-id');
    const calls = shop.faults.seen.filter((r) => r.headers['x-correlation-id'] === cid);
    expect(calls.length).toBeGreaterThanOrEqual(1); // cached tenant data may save calls
    const parents = calls.map((c) => String(c.headers.traceparent));
    for (const p of parents) expect(p).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(new Set(parents.map((p) => p.split('-')[1])).size).toBe(1);
    expect(new Set(parents.map((p) => p.split('-')[2])).size).toBe(parents.length);
  });

  it('keeps the trace id of a caller that sent a valid traceparent', async () => {
    shop.faults.seen.length = 0;
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    await fetch(`${shop.url}/api/services/catalogue/api/v1/products?limit=1`, {
      headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
    });
    expect(String(shop.faults.seen.at(-1)!.headers.traceparent)).toContain(`00-${traceId}-`);
  });
});
