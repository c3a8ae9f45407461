import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Dispatcher } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import type { GuardedDispatchOptions } from './guarded-dispatcher';
import { createPlatform, type Platform } from './platform';
import { callPlatform, type PlatformRequest } from './platform-call';

// ADR 0355: the gateway's own read whose connection was lost before any answer is asked again
// once, within its own deadline; a write, the context call, a timeout and an answer never are.
// A real HTTP server stands in for the platform: it closes the connection as the call arrives
// (a kept-alive connection the service closed as the call went out, a process on its way out).
let server: Server;
let platform: Platform;
/** Each request the stand-in got, by method and path. */
const seen: string[] = [];
/** The options each try was dispatched with (through a recording wrapper of the pool). */
const tries: GuardedDispatchOptions[] = [];
/** Paths whose next request the stand-in drops (the count left), or 'always'. */
const drops = new Map<string, number | 'always'>();

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '';
    seen.push(`${req.method} ${path}`);
    const drop = drops.get(path);
    if (drop !== undefined) {
      if (drop === 1) drops.delete(path);
      else if (drop !== 'always') drops.set(path, drop - 1);
      // After a while, for the test of the deadline left to the second try.
      const after = path.startsWith('/cms-api/late') ? 150 : 0;
      return void setTimeout(() => req.socket.destroy(), after);
    }
    if (path === '/cms-api/hangs') return; // never answers
    if (path === '/cms-api/fails') return void res.writeHead(500).end('{"error":"boom"}');
    if (path === '/cms-api/cut') {
      // An answer begun, then the connection closed under its body.
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"partial":');
      return void setTimeout(() => req.socket.destroy(), 10);
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const real = createPlatform(loadConfig({ PLATFORM_URL: `http://127.0.0.1:${port}` }));
  platform = {
    ...real,
    upstreams: {
      ...real.upstreams,
      forPath: (path) => {
        const upstream = real.upstreams.forPath(path);
        return { ...upstream, dispatcher: recording(upstream.dispatcher) };
      },
    },
  };
});
afterAll(async () => {
  await platform.upstreams.close();
  server.closeAllConnections();
  server.close();
});
beforeEach(() => {
  seen.length = 0;
  tries.length = 0;
  drops.clear();
});

function recording<D extends Dispatcher>(inner: D): D {
  return new Proxy(inner, {
    get(target, name, receiver) {
      if (name !== 'dispatch') return Reflect.get(target, name, receiver) as unknown;
      return (opts: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler) => {
        tries.push(opts as GuardedDispatchOptions);
        return target.dispatch(opts, handler);
      };
    },
  });
}

const call = (path: string, more: Partial<PlatformRequest> = {}) =>
  callPlatform(platform, {
    path,
    cid: 'c'.repeat(32),
    shopOrigin: 'http://shop',
    timeoutMs: 2_000,
    ...more,
  });

describe('a read whose connection was lost before any answer', () => {
  it('is asked again once, and the second answer is the call’s', async () => {
    drops.set('/cms-api/home', 1);
    expect(await call('/cms-api/home')).toMatchObject({
      kind: 'answered',
      status: 200,
      text: '{"ok":true}',
    });
    expect(seen).toEqual(['GET /cms-api/home', 'GET /cms-api/home']);
  });

  it('lost twice, is the network failure it was, after two tries', async () => {
    drops.set('/cms-api/home', 'always');
    expect(await call('/cms-api/home')).toMatchObject({
      kind: 'unreachable',
      reason: 'network',
      status: null,
    });
    expect(seen).toHaveLength(2);
  });

  it('gets, the second time, only what is left of the call’s deadline', async () => {
    drops.set('/cms-api/late', 1); // dropped 150 ms in
    expect(await call('/cms-api/late', { timeoutMs: 2_000 })).toMatchObject({ status: 200 });
    expect(tries.map((t) => t.exchangeTimeout)).toEqual([2_000, expect.any(Number)]);
    const [first, second] = tries;
    expect(first!.retriedAfter).toBeTypeOf('function'); // the watch reports no failure it follows
    expect(second!.retriedAfter).toBeUndefined(); // the last try's failure is reported
    expect(second!.exchangeTimeout).toBeLessThanOrEqual(2_000 - 150);
    expect(second!.exchangeTimeout).toBeGreaterThanOrEqual(1);
    expect(second!.headersTimeout).toBe(second!.exchangeTimeout);
  });

  it.each(['POST', 'PUT', 'DELETE'] as const)('is never sent again for a %s', async (method) => {
    drops.set('/cms-api/lists/l1', 1);
    expect(await call('/cms-api/lists/l1', { method, json: { a: 1 } })).toMatchObject({
      kind: 'unreachable',
      reason: 'network',
    });
    expect(seen).toEqual([`${method} /cms-api/lists/l1`]);
  });

  it('is not sent again for the specification’s context call (no retry)', async () => {
    drops.set('/cms-api/context', 1);
    expect(await call('/cms-api/context', { once: true })).toMatchObject({ kind: 'unreachable' });
    expect(seen).toHaveLength(1);
  });
});

describe('what is never asked again', () => {
  it('a read that timed out', async () => {
    expect(await call('/cms-api/hangs', { timeoutMs: 200 })).toMatchObject({
      kind: 'unreachable',
      reason: 'timeout',
    });
    expect(seen).toEqual(['GET /cms-api/hangs']);
  });

  it('a read answered with a failure', async () => {
    expect(await call('/cms-api/fails')).toMatchObject({ kind: 'answered', status: 500 });
    expect(seen).toEqual(['GET /cms-api/fails']);
  });

  it('a read whose connection closed in the answer’s body', async () => {
    expect(await call('/cms-api/cut')).toMatchObject({
      kind: 'unreachable',
      reason: 'network',
      status: 200,
    });
    expect(seen).toEqual(['GET /cms-api/cut']);
  });
});
