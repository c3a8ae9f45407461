import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { closedLoop, openLoop, Recorder } from './load';

// The load generator's bookkeeping (ADR 0401): every answer counted once, latencies sorted,
// statuses and bytes summed, failures apart; against a real server on 127.0.0.1.
let server: Server | undefined;

async function listen(handler: Parameters<typeof createServer>[1]): Promise<string> {
  server = createServer(handler);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return `http://127.0.0.1:${address.port}`;
}

afterEach(async () => {
  const open = server;
  server = undefined;
  if (!open) return;
  open.closeAllConnections();
  await new Promise((resolve) => open.close(resolve));
});

describe('the load generator', () => {
  it('records every answer of an open loop: statuses, bytes and sorted latencies', async () => {
    let n = 0;
    const origin = await listen((request, response) => {
      n += 1;
      response.statusCode = n % 10 === 0 ? 404 : 200;
      response.end(n % 10 === 0 ? 'missing' : 'ok');
    });
    const r = await openLoop({ origin, path: '/' }, { rate: 500, seconds: 0.2 });
    expect(r.requests).toBe(100);
    expect(r.errors).toBe(0);
    expect(r.statuses).toEqual({ 200: 90, 404: 10 });
    expect(r.bytes).toBe(90 * 2 + 10 * 7);
    expect(r.latencies).toHaveLength(100);
    for (let i = 1; i < r.latencies.length; i += 1)
      expect(r.latencies[i]).toBeGreaterThanOrEqual(r.latencies[i - 1]!);
    expect(r.p50).toBeLessThanOrEqual(r.p99);
    expect(r.p99).toBeLessThanOrEqual(r.max);
    expect(r.max).toBe(r.latencies[99]);
  });

  it('counts requests whose connection is cut as errors, not as answers', async () => {
    const origin = await listen((request) => request.socket.destroy());
    const r = await openLoop({ origin, path: '/' }, { rate: 200, seconds: 0.1 });
    expect(r.errors).toBe(20);
    expect(r.requests).toBe(0);
    expect(r.latencies).toHaveLength(0);
    expect(r.p99).toBeNaN();
    const closed = await closedLoop({ origin, path: '/' }, { concurrency: 2, seconds: 0.1 });
    expect(closed.requests).toBe(0);
    expect(closed.errors).toBeGreaterThan(0);
  });

  it('keeps recording past the room it was given', () => {
    const recorder = new Recorder(16);
    for (let i = 100; i > 0; i -= 1) recorder.answered(i / 10, i % 2 ? 200 : 503, 3);
    recorder.failed();
    const r = recorder.result(2);
    expect(r.requests).toBe(100);
    expect(r.errors).toBe(1);
    expect(r.rps).toBe(50);
    expect(r.statuses).toEqual({ 200: 50, 503: 50 });
    expect(r.bytes).toBe(300);
    expect(Array.from(r.latencies.slice(0, 3))).toEqual([0.1, 0.2, 0.3]);
    expect(r.max).toBe(10);
    expect(r.p50).toBe(5.1);
  });
});
