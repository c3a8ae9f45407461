import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { closeGateway } from '../support/close-gateway';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy';
import { startOtlpReceiver, type OtlpReceiver } from '../support/otlp-receiver';
import { startPlatform, type TestPlatform } from '../support/platform';

// Issue #28 item 1, checked independently: the standard variables choose the sampler and name
// the service. OTEL_TRACES_SAMPLER=traceidratio with OTEL_TRACES_SAMPLER_ARG=0.25 keeps about a
// quarter of the traces, a caller's sampled ones too (the ratio sampler, unlike the default
// parent-based one, does not follow the caller); the flag passed on to the platform is the
// decision, and the platform exports exactly the traces the gateway kept.
let receiver: OtlpReceiver;
let platform: TestPlatform;
let spy: FaultProxy;
let gateway: FastifyInstance;
let url: string;
let closed = false;
const SERVICE = 'shop-under-test';
const OTEL = {
  OTEL_SERVICE_NAME: SERVICE,
  OTEL_TRACES_SAMPLER: 'traceidratio',
  OTEL_TRACES_SAMPLER_ARG: '0.25',
};

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  Object.assign(process.env, OTEL, { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url });
  platform = await startPlatform();
  spy = await startFaultProxy(platform.url);
  const config = loadConfig({ PLATFORM_URL: spy.url, LOG_LEVEL: 'silent', NODE_ENV: 'test' });
  gateway = await buildApp(config);
  await gateway.listen({ port: 0, host: '127.0.0.1' });
  url = `http://localhost:${(gateway.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const name of [...Object.keys(OTEL), 'OTEL_EXPORTER_OTLP_ENDPOINT'])
    delete process.env[name];
  if (!closed) {
    if (gateway) await closeGateway(gateway);
    await platform?.close();
  }
  await spy?.close();
  await receiver?.close();
});

const hex = (n: number) =>
  Array.from({ length: n }, () => Math.floor(Math.random() * 16).toString(16)).join('');
const BRANDS = '/api/services/catalogue/api/v1/brands';

/** The traceparent the gateway sent the platform for one proxied call. */
async function passedOn(headers: Record<string, string> = {}): Promise<string> {
  const before = spy.seen.length;
  expect((await fetch(`${url}${BRANDS}`, { headers })).status).toBe(200);
  return String(spy.seen[before]?.headers.traceparent);
}

describe('OTEL_TRACES_SAMPLER, OTEL_TRACES_SAMPLER_ARG and OTEL_SERVICE_NAME', () => {
  it('keep about a quarter of the traces, named by the service name, the same ones everywhere', async () => {
    const begun: string[] = [];
    for (let i = 0; i < 120; i++) begun.push(await passedOn());
    const callers: string[] = [];
    for (let i = 0; i < 60; i++) {
      const traceId = hex(32);
      callers.push(traceId);
      await passedOn({ traceparent: `00-${traceId}-${hex(16)}-01` });
    }
    // Closing flushes both exporters: every span kept is at the receiver after this.
    closed = true;
    await closeGateway(gateway);
    await platform.close();

    const exported = (service: 'gateway' | 'platform', traceId: string) =>
      receiver.spans.some(
        (s) => s.traceId === traceId && s.kind === (service === 'gateway' ? 3 : 2),
      );
    const kept = begun.filter((header) => header.endsWith('-01'));
    // 120 traces at 0.25: 30 expected; 10 and 60 are more than four standard deviations away.
    expect(kept.length).toBeGreaterThanOrEqual(10);
    expect(kept.length).toBeLessThanOrEqual(60);
    for (const header of begun) {
      const traceId = header.split('-')[1]!;
      const sampled = header.endsWith('-01');
      expect({ header, gateway: exported('gateway', traceId) }).toEqual({
        header,
        gateway: sampled,
      });
      expect({ header, platform: exported('platform', traceId) }).toEqual({
        header,
        platform: sampled,
      });
    }
    // A caller's sampled flag does not keep a trace the ratio drops (0.75^60: all kept never).
    const keptOfCallers = callers.filter((traceId) => exported('gateway', traceId));
    expect(keptOfCallers.length).toBeGreaterThan(0);
    expect(keptOfCallers.length).toBeLessThan(callers.length);
    expect(new Set(receiver.spans.map((s) => s.service))).toEqual(new Set([SERVICE]));
  });
});
