import { readFile } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { startMetricsServer } from '../../server/observability/metrics-server';
import { startEndpointGateway, type EndpointGateway } from '../support/endpoint-gateway';

// The gateway serves its OpenAPI document (ADR 0232): always on the metrics (operator) port, on the
// shop's port only with OPENAPI_PUBLIC=true.
const committed = async () =>
  JSON.parse(
    await readFile(new URL('../../docs/api/gateway.openapi.json', import.meta.url), 'utf8'),
  ) as unknown;
const gateways: EndpointGateway[] = [];
afterAll(() => Promise.all(gateways.map((g) => g.close())));

describe('GET /openapi.json', () => {
  it('is served on the metrics port: the committed document', async () => {
    const metrics = await startMetricsServer({ port: 0, host: '127.0.0.1' });
    try {
      const response = await fetch(`http://127.0.0.1:${metrics.port}/openapi.json`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(await response.json()).toEqual(await committed());
    } finally {
      await metrics.close();
    }
  });

  it('is not served on the shop’s port by default', async () => {
    const gateway = await startEndpointGateway();
    gateways.push(gateway);
    expect(gateway.config.openapiPublic).toBe(false);
    const response = await gateway.app.inject({ method: 'GET', url: '/openapi.json' });
    // The page route has it (the 404 page; with this test's stub build, an error): not the document.
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.body).not.toContain('"openapi"');
  });

  it('is served on the shop’s port with OPENAPI_PUBLIC=true, with the headers of every answer', async () => {
    const gateway = await startEndpointGateway({ OPENAPI_PUBLIC: 'true' });
    gateways.push(gateway);
    const response = await gateway.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(await committed());
    expect(response.headers['x-correlation-id']).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('describes what the routes check: the purge query, the sign-in body (their zod schemas)', async () => {
    const token = 'purge-token-0123456789';
    const gateway = await startEndpointGateway({ CACHE_PURGE_TOKEN: token });
    gateways.push(gateway);
    const purge = (query: string) =>
      gateway.app.inject({
        method: 'POST',
        url: `/internal/cache/purge${query}`,
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await purge('?origin=https://a.example&origin=https://b.example')).statusCode).toBe(
      400,
    );
    const one = await purge('?origin=https://a.example');
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ purged: 0 });
    const document = (await committed()) as {
      paths: Record<
        string,
        Record<string, { parameters?: { name: string }[]; requestBody?: unknown }>
      >;
    };
    expect(document.paths['/internal/cache/purge']?.post?.parameters).toContainEqual(
      expect.objectContaining({ name: 'origin', in: 'query' }),
    );
    expect(document.paths['/auth/sign-in']?.post?.requestBody).toMatchObject({
      content: { 'application/json': { schema: { required: ['email', 'password'] } } },
    });
  });
});
