import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsSent } from './calls-sent';

// ADR 0294: undici writes a call on a kept-alive connection only from the event loop's check
// phase; callsSent() resolves once the calls made before it, and in the microtasks after it, are
// written.
let server: Server;
let pool: Pool;

beforeAll(async () => {
  server = createServer((_request, response) => response.end('ok'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  pool = new Pool(`http://127.0.0.1:${port}`, { connections: 4 });
});
afterAll(async () => {
  await pool.close();
  await new Promise((resolve) => server.close(resolve));
});

async function get(path: string) {
  const answer = await pool.request({ method: 'GET', path });
  await answer.body.text();
}

describe('callsSent', () => {
  it('resolves once the calls made before it and in the microtasks after it are written', async () => {
    // Kept-alive connections, as a gateway's pool has them.
    await Promise.all([get('/a'), get('/b'), get('/c')]);
    const written: string[] = [];
    const onHeaders = (message: unknown) =>
      written.push((message as { request: { path: string } }).request.path);
    subscribe('undici:client:sendHeaders', onHeaders);
    try {
      const calls = [get('/now')];
      // Made after two microtask turns, as a call that awaits the page's token is.
      calls.push(
        Promise.resolve()
          .then(() => undefined)
          .then(() => get('/later')),
      );
      // Not yet: the idle connection is checked first, from the check phase.
      await Promise.resolve();
      expect(written).toEqual([]);
      await callsSent();
      expect(written.sort()).toEqual(['/later', '/now']);
      await Promise.all(calls);
    } finally {
      unsubscribe('undici:client:sendHeaders', onHeaders);
    }
  });
});
