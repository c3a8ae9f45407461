import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GATEWAY_DOCUMENT_PATH, gatewayDocumentText } from '../api/document';
import { collectProcessMetrics, registry } from './metrics';

// GET /metrics on a port of its own (METRICS_PORT, bound to METRICS_HOST, 127.0.0.1 by default):
// scraped by Prometheus from inside the network, never reachable through the shop's port. The
// operator's GET /openapi.json (the gateway's API) is served here too.
export type MetricsServer = { port: number; close(): Promise<void> };

export async function startMetricsServer(options: {
  port: number;
  host: string;
}): Promise<MetricsServer> {
  collectProcessMetrics();
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    // The gateway's OpenAPI document, for operators and integration testers (ADR 0232).
    if (req.method === 'GET' && path === GATEWAY_DOCUMENT_PATH) {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(gatewayDocumentText);
      return;
    }
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (error: unknown) => res.writeHead(500).end(String(error)),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
