import type { FastifyInstance } from 'fastify';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { flushTracing } from '../../server/observability/tracing';
import { closeGateway } from '../support/close-gateway';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream';

// OTEL_EXPORTER_OTLP_PROTOCOL=http/protobuf (docs/decisions/0250): the spans reach the collector
// in the protobuf encoding, as the official SDK sends them by default. A collector that takes only
// protobuf got JSON before, whatever the variable said. The body is not decoded here: it holds the
// caller's trace id as its 16 bytes and the service's name, which JSON would spell in hex and text.
type Received = { contentType: string; body: Buffer };
const received: Received[] = [];
let collector: Server;
let upstream: FakeUpstream;
let gateway: FastifyInstance;
let url: string;
const OTEL = { OTEL_SERVICE_NAME: 'shop-protobuf', OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf' };

beforeAll(async () => {
  collector = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.url === '/v1/traces')
        received.push({
          contentType: String(req.headers['content-type']),
          body: Buffer.concat(chunks),
        });
      // An empty ExportTraceServiceResponse: every span accepted.
      res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
  Object.assign(process.env, OTEL, { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint });
  upstream = await startFakeUpstream();
  upstream.on('GET', /^\/api\/services\/catalogue\//, { body: { brands: [] } });
  gateway = await buildApp(
    loadConfig({ PLATFORM_URL: upstream.url, LOG_LEVEL: 'silent', NODE_ENV: 'test' }),
  );
  await gateway.listen({ port: 0, host: '127.0.0.1' });
  url = `http://localhost:${(gateway.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const name of [...Object.keys(OTEL), 'OTEL_EXPORTER_OTLP_ENDPOINT'])
    delete process.env[name];
  if (gateway) await closeGateway(gateway);
  await upstream?.close();
  await new Promise((resolve) => collector?.close(resolve));
});

describe('OTEL_EXPORTER_OTLP_PROTOCOL=http/protobuf', () => {
  it("exports the caller's trace in protobuf", async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const answer = await fetch(`${url}/api/services/catalogue/api/v1/brands`, {
      headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
    });
    expect(answer.status).toBe(200);
    await flushTracing();
    expect(received.length).toBeGreaterThan(0);
    expect(received.map((r) => r.contentType)).toEqual(
      received.map(() => 'application/x-protobuf'),
    );
    const bodies = Buffer.concat(received.map((r) => r.body));
    expect(bodies.includes(Buffer.from(traceId, 'hex'))).toBe(true);
    expect(bodies.includes(Buffer.from('shop-protobuf'))).toBe(true);
    expect(bodies.includes(Buffer.from(traceId))).toBe(false);
  });
});
