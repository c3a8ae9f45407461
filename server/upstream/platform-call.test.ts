import { createHook } from 'node:async_hooks';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createPlatform, type Platform } from './platform';
import { callPlatform } from './platform-call';

// The page's calls (./platform-call.ts) through the real upstreams and their guard: a deadline
// for the whole exchange (an answer trickled past it is a timeout), no timer left behind a call.
let server: Server;
let platform: Platform;
const seen: string[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.url ?? '');
    if (req.url === '/cms-api/trickles') {
      // A chunk every 15 ms for ~0.6 s: never idle for long, longer than the call may take.
      res.writeHead(200, { 'content-type': 'application/json' });
      let left = 40;
      const drip = setInterval(() => {
        if (res.destroyed || --left === 0) {
          clearInterval(drip);
          return void res.end('"."');
        }
        res.write(' ');
      }, 15);
      return;
    }
    // Many chunks of two-byte characters: some split between chunks.
    if (req.url === '/cms-api/large') return void res.end(JSON.stringify('é'.repeat(300_000)));
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  // No keep-alive timer of the server's own per answer: the timers counted below are the client's.
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  platform = createPlatform(loadConfig({ PLATFORM_URL: `http://127.0.0.1:${port}` }));
});
afterAll(async () => {
  await platform.upstreams.close();
  server.closeAllConnections();
  server.close();
});

const call = (path: string, timeoutMs: number) =>
  callPlatform(platform, { path, cid: 'c'.repeat(32), shopOrigin: 'http://shop', timeoutMs });

describe('callPlatform', () => {
  it('sends no call whose path URL parsing would resolve to another (an id of . or ..)', async () => {
    for (const id of ['..', '.', '%2e%2E', '.%2e']) {
      seen.length = 0;
      const answer = await callPlatform(platform, {
        method: 'DELETE',
        path: `/cms-api/lists/list-1/items/${id}`,
        cid: 'c'.repeat(32),
        shopOrigin: 'http://shop',
        bearer: 'visitor-token',
        timeoutMs: 1_000,
      });
      expect(answer, id).toMatchObject({ kind: 'answered', status: 404 });
      expect(seen, id).toEqual([]);
    }
    // An id with dots in it is an id.
    expect(await call('/cms-api/lists/list.1..2', 1_000)).toMatchObject({ status: 200 });
    expect(seen).toEqual(['/cms-api/lists/list.1..2']);
  });

  it('answers with the body', async () => {
    expect(await call('/cms-api/home', 1_000)).toMatchObject({
      kind: 'answered',
      status: 200,
      text: '{"ok":true}',
    });
  });

  it('reads a body of many chunks whole, and drops one past its cap', async () => {
    const whole = await call('/cms-api/large', 5_000);
    expect(whole).toMatchObject({ kind: 'answered', status: 200 });
    expect(whole.kind === 'answered' && whole.text).toBe(JSON.stringify('é'.repeat(300_000)));
    const capped = await callPlatform(platform, {
      path: '/cms-api/large',
      cid: 'c'.repeat(32),
      shopOrigin: 'http://shop',
      timeoutMs: 5_000,
      maxBodyBytes: 100_000,
    });
    expect(capped).toMatchObject({ kind: 'answered', status: 200, text: '' });
    // The connection is still good for the next call.
    expect(await call('/cms-api/home', 5_000)).toMatchObject({ text: '{"ok":true}' });
  });

  it('times out an answer whose body trickles past the call deadline', async () => {
    const started = performance.now();
    const outcome = await call('/cms-api/trickles', 250);
    expect(outcome).toMatchObject({ kind: 'unreachable', reason: 'timeout', status: 200 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(240);
    // Given the time, the same answer arrives whole.
    expect(await call('/cms-api/trickles', 5_000)).toMatchObject({
      kind: 'answered',
      text: ' '.repeat(39) + '"."',
    });
  });

  it('leaves no timer pending behind a call', async () => {
    await call('/cms-api/home', 60_000); // the connection, once
    // Timers made during the calls and neither fired nor cleared since (the deadline of each
    // call was one, for its whole length, when the call kept its own).
    const pending = new Set<number>();
    const hook = createHook({
      init: (id, type) => void (type === 'Timeout' && pending.add(id)),
      destroy: (id) => void pending.delete(id),
    }).enable();
    try {
      for (let i = 0; i < 20; i += 1) await call('/cms-api/home', 60_000);
      await new Promise((resolve) => setTimeout(resolve, 150)); // the guard's sweep stops
    } finally {
      hook.disable();
    }
    // A few of the machinery's own (the wait above, the sweep, undici's keep-alive timer of the
    // idle connection), never one a call.
    expect(pending.size).toBeLessThan(5);
  });
});
