import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { routeTable } from '../../shared/routes';

describe('gateway start-up', () => {
  it('fails with a clear message when a route declares an unknown middleware', async () => {
    const broken = [...routeTable, { id: 'x', path: '/x', middleware: ['auth', 'teleport'] }];
    const config = loadConfig({ PLATFORM_URL: 'http://127.0.0.1:9', LOG_LEVEL: 'silent' });
    await expect(buildApp(config, { routeTable: broken })).rejects.toThrow(
      'Unknown route middleware: "teleport" (route x)',
    );
  });

  it('reports readiness and turns 503 while shutting down, staying alive', async () => {
    const config = loadConfig({ PLATFORM_URL: 'http://127.0.0.1:9', LOG_LEVEL: 'silent' });
    const app = await buildApp(config);
    expect((await app.inject('/readyz')).statusCode).toBe(200);
    app.shuttingDown = true;
    expect((await app.inject('/readyz')).statusCode).toBe(503);
    expect((await app.inject('/healthz')).statusCode).toBe(200);
    await app.close();
  });

  it('answers a request that arrives while it closes instead of refusing it with a 503', async () => {
    const config = loadConfig({ PLATFORM_URL: 'http://127.0.0.1:9', LOG_LEVEL: 'silent' });
    const app = await buildApp(config);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    // Half a request: the connection is busy, so close() keeps it; the rest comes after.
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    const ended = new Promise((resolve) => socket.on('close', resolve));
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closed = app.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.write('\r\n');
    await ended;
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer.toLowerCase()).toContain('connection: close');
  });

  it('answers malformed percent-encoding with a 400 in the gateway error shape', async () => {
    const config = loadConfig({ PLATFORM_URL: 'http://127.0.0.1:9', LOG_LEVEL: 'silent' });
    const app = await buildApp(config);
    const response = await app.inject('/api/services/orders/a%zz');
    expect(response.statusCode).toBe(400);
    const body = response.json() as { error: { code: string; cid: string } };
    expect(body.error.code).toBe('bad_request');
    expect(body.error.cid).toBe(response.headers['x-correlation-id']);
    await app.close();
  });
});
