import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, Dispatcher, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardDispatcher, UpstreamTimeoutError } from './guarded-dispatcher';
import { requestProblem } from './request-problem';

// A dispatcher that takes the call and never answers: a pool whose connections are all busy.
class Stuck extends Dispatcher {
  readonly seen: Dispatcher.DispatchOptions[] = [];
  override dispatch(opts: Dispatcher.DispatchOptions): boolean {
    this.seen.push(opts);
    return true;
  }
  override async close(): Promise<void> {}
  override async destroy(): Promise<void> {}
}

let server: Server;
let url: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    // Its head, one chunk and then nothing more: a body that stalls.
    if (req.url === '/stalls') return void res.writeHead(200).write('first');
    if (req.url === '/large') return void res.end('x'.repeat(1 << 20));
    // A body trickled a chunk every 15 ms for about 0.6 s: never idle long enough for a body timeout.
    if (req.url === '/trickles') {
      res.writeHead(200);
      let left = 40;
      const drip = setInterval(() => {
        if (res.destroyed) return clearInterval(drip);
        if (--left > 0) return void res.write('.');
        clearInterval(drip);
        res.end('.');
      }, 15);
      return;
    }
    res.end(req.url === '/echo' ? JSON.stringify(req.headers) : 'ok');
  });
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('requestProblem', () => {
  it.each([
    [{ path: '/a\r\nb', method: 'GET' }, 'invalid request path'],
    [{ path: '/a b', method: 'GET' }, 'invalid request path'],
    [{ path: '/a', method: 'G T' }, 'invalid request method'],
    [{ path: '/a', method: 'GET', headers: { authorization: 'Bearer a\r\nb' } }, 'authorization'],
    [{ path: '/a', method: 'GET', headers: { cookie: 'a=\u0000' } }, 'cookie'],
    [{ path: '/a', method: 'GET', headers: ['x-a', 'ok', 'x-b', 'bad\n'] }, 'x-b'],
    [{ path: '/a', method: 'GET', headers: { 'bad name': 'v' } }, 'header name'],
  ])('refuses %j', (opts, reason) => {
    expect(requestProblem(opts as Dispatcher.DispatchOptions)).toContain(reason);
  });

  it('accepts an ordinary request', () => {
    const opts = { path: '/a?b=1', method: 'POST', headers: { authorization: 'Bearer x.y-z' } };
    expect(requestProblem(opts)).toBeNull();
  });
});

describe('guardDispatcher', () => {
  it('refuses a malformed header without using up a pool connection', async () => {
    // One connection only: if the refused call kept it "busy", the next call would never run.
    const pool = new Agent({ connections: 1 });
    const guarded = guardDispatcher(pool, 60_000);
    for (let i = 0; i < 5; i++) {
      await expect(
        request(url, { dispatcher: guarded, headers: { authorization: 'Bearer a\r\nb' } }),
      ).rejects.toMatchObject({ code: 'GW_UPSTREAM_REQUEST_INVALID' });
    }
    const ok = await request(url, { dispatcher: guarded });
    expect(await ok.body.text()).toBe('ok');
    await pool.close();
  });

  it('times a call out while it still waits for a connection, and reports the wait', async () => {
    const guarded = guardDispatcher(new Stuck(), 60_000);
    const pending = request(url, { dispatcher: guarded, headersTimeout: 300 });
    expect(guarded.oldestWaitMs()).toBeGreaterThanOrEqual(0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(guarded.oldestWaitMs()).toBeGreaterThan(0);
    await expect(pending).rejects.toMatchObject({ code: 'GW_UPSTREAM_TIMEOUT' });
    expect(guarded.oldestWaitMs()).toBe(0);
  });

  it('tells its caller of a call cut while queued, once, before the call fails', async () => {
    const told: string[] = [];
    const guarded = guardDispatcher(new Stuck(), 60_000, {
      start: (opts) => ({
        headers: opts.headers,
        answered: (status) => told.push(`answered ${status}`),
        failed: (error) => told.push(`failed ${error.message}`),
        queuedCut: (error) => told.push(`cut ${String(opts.path)} queued ${error.queued}`),
      }),
    });
    const started = performance.now();
    const pending = request(`${url}/queued`, { dispatcher: guarded, headersTimeout: 100 });
    await expect(pending).rejects.toMatchObject({ code: 'GW_UPSTREAM_TIMEOUT', queued: true });
    // Deadlines are checked every 50 ms: never early.
    expect(performance.now() - started).toBeGreaterThanOrEqual(99);
    expect(told).toEqual(['cut /queued queued true']); // once, and nothing else of that call
  });

  it('tells its observer how each call went, and sends the headers the observer gives', async () => {
    const told: string[] = [];
    const pool = new Agent();
    const guarded = guardDispatcher(pool, 60_000, {
      start: (opts) => ({
        headers: { ...(opts.headers as Record<string, string>), 'x-watched': 'yes' },
        answered: (status) => told.push(`answered ${status} ${String(opts.path)}`),
        failed: (error) => told.push(`failed ${(error as { code?: string }).code}`),
        queuedCut: () => told.push('queued cut'),
      }),
    });
    const ok = await request(`${url}/echo`, { dispatcher: guarded });
    expect(await ok.body.json()).toMatchObject({ 'x-watched': 'yes' });
    await expect(
      request('http://127.0.0.1:1/refused', { dispatcher: guarded }),
    ).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(told).toEqual(['answered 200 /echo', 'failed ECONNREFUSED']);
    await pool.close();
  });

  it("tells its observer a call's path without the base URL's prefix (SERVICE_URLS)", async () => {
    const told: string[] = [];
    const pool = new Agent();
    const guarded = guardDispatcher(
      pool,
      60_000,
      {
        start: (opts, path) => ({
          headers: opts.headers,
          answered: () => told.push(`${String(opts.path)} as ${path}`),
          failed: () => undefined,
          queuedCut: () => undefined,
        }),
      },
      '/base',
    );
    await (await request(`${url}/base/echo`, { dispatcher: guarded })).body.text();
    await (await request(`${url}/echo`, { dispatcher: guarded })).body.text();
    await (await request(`${url}/basement/echo`, { dispatcher: guarded })).body.text();
    expect(told).toEqual([
      '/base/echo as /echo',
      '/echo as /echo',
      '/basement/echo as /basement/echo', // a whole segment only
    ]);
    await pool.close();
  });

  it('keeps the deadlines itself: undici is given no timeout of its own', () => {
    const pool = new Stuck();
    const guarded = guardDispatcher(pool, 60_000);
    const handler = { onResponseError: () => undefined };
    guarded.dispatch({ origin: url, path: '/a', method: 'GET', bodyTimeout: 5_000 }, handler);
    guarded.dispatch({ origin: url, path: '/b', method: 'GET' }, handler);
    expect(pool.seen.map((opts) => [opts.headersTimeout, opts.bodyTimeout])).toEqual([
      [0, 0],
      [0, undefined], // no body timeout given: undici's default, as without the guard
    ]);
  });

  it('cuts an answer whose body stalls past its body timeout, as undici would', async () => {
    const told: string[] = [];
    const pool = new Agent();
    const guarded = guardDispatcher(pool, 60_000, {
      start: (opts) => ({
        headers: opts.headers,
        answered: (status) => told.push(`answered ${status}`),
        failed: (error) => told.push(`failed ${(error as { code?: string }).code}`),
        queuedCut: () => told.push('queued cut'),
      }),
    });
    const response = await request(`${url}/stalls`, { dispatcher: guarded, bodyTimeout: 100 });
    await expect(response.body.text()).rejects.toMatchObject({ code: 'UND_ERR_BODY_TIMEOUT' });
    expect(told).toEqual(['answered 200', 'failed UND_ERR_BODY_TIMEOUT']);
    await pool.destroy();
  });

  it('does not count the time its caller holds the answer paused against the body timeout', async () => {
    const pool = new Agent();
    const guarded = guardDispatcher(pool, 60_000);
    const outcome = await new Promise<string>((resolve) => {
      let bytes = 0;
      let held = false;
      guarded.dispatch(
        { origin: url, path: '/large', method: 'GET', headersTimeout: 5_000, bodyTimeout: 50 },
        {
          onRequestStart: () => undefined, // a handler of undici's current API
          onResponseData(controller, chunk) {
            bytes += chunk.length;
            if (held) return;
            held = true;
            controller.pause();
            setTimeout(() => controller.resume(), 300);
          },
          onResponseEnd: () => resolve(`read ${bytes}`),
          onResponseError: (_controller, error) => resolve(`failed ${error.message}`),
        },
      );
    });
    expect(outcome).toBe(`read ${1 << 20}`);
    await pool.close();
  });

  it('ends an exchange at its exchange timeout, a trickled body included, and passes no such option on', async () => {
    const told: string[] = [];
    const seen: Dispatcher.DispatchOptions[] = [];
    const pool = new Agent();
    const spy = pool.compose((dispatch) => (opts, handler) => {
      seen.push(opts);
      return dispatch(opts, handler);
    });
    const guarded = guardDispatcher(spy, 60_000, {
      start: (opts) => ({
        headers: opts.headers,
        answered: (status) => told.push(`answered ${status}`),
        failed: (error) => told.push(`failed ${error.constructor.name}`),
        queuedCut: () => told.push('queued cut'),
      }),
    });
    const started = performance.now();
    const options = { dispatcher: guarded, bodyTimeout: 500, exchangeTimeout: 300 };
    const response = await request(`${url}/trickles`, options);
    const failure = await response.body.text().then(
      () => null,
      (error: unknown) => error,
    );
    const tookMs = performance.now() - started;
    expect(failure).toBeInstanceOf(UpstreamTimeoutError);
    expect((failure as Error).message).toBe('no whole upstream answer within 300 ms');
    // Within the guard's sweep of the deadline, before the ~0.6 s the body takes.
    expect(tookMs).toBeGreaterThanOrEqual(290);
    expect(told).toEqual(['answered 200', 'failed UpstreamTimeoutError']);
    expect(seen.map((opts) => 'exchangeTimeout' in opts)).toEqual([false]);
    await pool.destroy();
  });

  it('lets a trickled body finish without an exchange timeout, and counts a held answer against one', async () => {
    const pool = new Agent();
    const guarded = guardDispatcher(pool, 60_000);
    const whole = await request(`${url}/trickles`, { dispatcher: guarded, bodyTimeout: 500 });
    expect(await whole.body.text()).toBe('.'.repeat(40));
    // Paused by its caller past the exchange's end: the body timeout would wait, the exchange not.
    const outcome = await new Promise<string>((resolve) => {
      let held = false;
      guarded.dispatch(
        {
          origin: url,
          path: '/large',
          method: 'GET',
          headersTimeout: 5_000,
          bodyTimeout: 5_000,
          exchangeTimeout: 200,
        } as Dispatcher.DispatchOptions,
        {
          onRequestStart: () => undefined, // a handler of undici's current API
          onResponseData(controller) {
            if (held) return;
            held = true;
            controller.pause();
            setTimeout(() => controller.resume(), 600);
          },
          onResponseEnd: () => resolve('read'),
          onResponseError: (_controller, error) => resolve(`failed ${error.message}`),
        },
      );
    });
    expect(outcome).toBe('failed no whole upstream answer within 200 ms');
    await pool.close();
  });
});
