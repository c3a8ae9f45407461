import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { once } from 'node:events';
import { connect, createServer, type AddressInfo, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { holdPort } from './held-port';
import type { ListenAt } from './start-failure';

// The platform's ports are listened on before its database is opened (docs/decisions/0361): a
// port taken stops the start at once; one held is nobody else's, answers "starting" until the
// real server takes it over, and then is the real server's; a start that ends before that closes
// it (docs/decisions/0374).
const servers: (Server | HttpServer)[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => new Promise((done) => server.close(() => done(null)))),
  );
});

async function listening<S extends Server | HttpServer>(server: S, port = 0): Promise<S> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  servers.push(server);
  return server;
}

const portOf = (server: Server | HttpServer) => (server.address() as AddressInfo).port;

/** A port free now: listened on and closed. */
async function freePort(): Promise<number> {
  const server = await listening(createServer());
  const port = portOf(server);
  servers.splice(servers.indexOf(server), 1);
  await new Promise((done) => server.close(done));
  return port;
}

const at = (port: number): ListenAt => ({
  port,
  host: '127.0.0.1',
  portSetting: 'PLATFORM_PORT',
  hostSetting: 'PLATFORM_HOST',
});

describe('holdPort', () => {
  it('answers every request 503 starting until the hand-over, then the server answers', async () => {
    const port = await freePort();
    const held = await holdPort(at(port));
    const url = `http://127.0.0.1:${port}`;
    for (const [path, init] of [
      ['/readyz', {}],
      ['/healthz', {}],
      ['/api/services/uaa/api/v1/auth/sign-in', { method: 'POST', body: '{"email":"a@b.c"}' }],
    ] as const) {
      const answer = await fetch(url + path, init);
      expect(answer.status, path).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('1');
      expect(answer.headers.get('connection')).toBe('close');
      expect(await answer.json()).toMatchObject({
        status: 'starting',
        error: { code: 'starting' },
      });
    }

    const app = createHttpServer((_, response) => response.end('served'));
    await held.handOver(() => listening(app, port));
    const answer = await fetch(`${url}/readyz`);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('served');
  });

  it('holds the port: nobody else may listen on it meanwhile', async () => {
    const port = await freePort();
    const held = await holdPort(at(port));
    await expect(listening(createServer(), port)).rejects.toMatchObject({ code: 'EADDRINUSE' });
    // Handed over to nothing: given back.
    await held.handOver(async () => undefined);
  });

  it('closes when the start ends before the hand-over: the port is free, its connections ended', async () => {
    const port = await freePort();
    const held = await holdPort(at(port));
    // A client connected that sends nothing (a probe cut short) does not hold the close.
    const idle = connect(port, '127.0.0.1');
    await once(idle, 'connect');
    const ended = once(idle, 'close');
    await held.close();
    await ended;
    await listening(createServer(), port);
    // Closed already: nothing more.
    await held.close();
  });

  it('leaves the port to the server when closed after the hand-over', async () => {
    const port = await freePort();
    const held = await holdPort(at(port));
    const app = createHttpServer((_, response) => response.end('served'));
    await held.handOver(() => listening(app, port));
    await held.close();
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('served');
  });

  it('refuses a port taken, naming it and the setting to change', async () => {
    const port = portOf(await listening(createServer()));
    await expect(holdPort(at(port))).rejects.toThrow(
      `The platform did not start: port ${port} (PLATFORM_PORT) on 127.0.0.1 (PLATFORM_HOST) is already in use by another process (another platform?). Stop it, or set another PLATFORM_PORT.`,
    );
  });
});
