import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roundTrips, startDelayTap, type DelayTap } from '../../bench/lib/delay-tap';

// The latency bench's instrument (issue #30 item 3): the tap must delay every call by its latency
// and no less, pass every kind of answer through unchanged, and log each call once, with the
// page's CID, so that the bench counts calls and round trips right.
const LATENCY_MS = 40;

let upstream: Server;
let tap: DelayTap;
let pool: Pool;

beforeAll(async () => {
  upstream = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.url === '/chunked') {
        res.write('first,');
        setTimeout(() => res.end('second'), 5);
      } else if (req.url === '/empty') res.writeHead(204).end();
      else if (req.url === '/echo') res.end(Buffer.concat(chunks));
      else res.setHeader('content-type', 'application/json').end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const { port } = upstream.address() as AddressInfo;
  tap = await startDelayTap(`http://127.0.0.1:${port}`, LATENCY_MS);
  // One connection: every call below reuses it, one after the other (keep-alive).
  pool = new Pool(tap.url, { connections: 1 });
});

afterAll(async () => {
  await pool.close();
  await tap.close();
  await new Promise((resolve) => upstream.close(resolve));
});

async function call(method: 'GET' | 'HEAD' | 'POST', path: string, cid: string, body?: string) {
  const sent = performance.now();
  const answer = await pool.request({
    method,
    path,
    body,
    headers: { 'x-correlation-id': cid, ...(body ? { 'content-type': 'text/plain' } : {}) },
  });
  const text = await answer.body.text();
  return { status: answer.statusCode, text, ms: performance.now() - sent, sent };
}

describe('the delaying tap', () => {
  it('passes every kind of answer through, each one at least its latency late', async () => {
    const answers = [
      await call('GET', '/json', 'a'),
      await call('GET', '/chunked', 'b'),
      await call('HEAD', '/json', 'c'),
      await call('GET', '/empty', 'd'),
      await call('POST', '/echo', 'e', 'x'.repeat(100_000)),
      await call('GET', '/json?after=post', 'f'),
    ];
    expect(answers.map(({ status, text }) => [status, text.slice(0, 12)])).toEqual([
      [200, '{"ok":true}'],
      [200, 'first,second'],
      [200, ''],
      [204, ''],
      [200, 'xxxxxxxxxxxx'],
      [200, '{"ok":true}'],
    ]);
    expect(answers[4]!.text).toHaveLength(100_000);
    for (const answer of answers) expect(answer.ms).toBeGreaterThanOrEqual(LATENCY_MS);
  });

  it('logs each call once, with its CID, method, path and times, when the bench collects them', async () => {
    // Nothing reaches the bench's thread while calls are in flight: a network hop costs the
    // platform's thread nothing.
    expect(tap.calls).toEqual([]);
    await tap.collect();
    await tap.collect();
    const logged = ['a', 'b', 'c', 'd', 'e', 'f'].map((cid) => tap.callsOf(cid));
    expect(
      logged.map((calls) => calls.map(({ cid, method, path }) => [cid, method, path])),
    ).toEqual([
      [['a', 'GET', '/json']],
      [['b', 'GET', '/chunked']],
      [['c', 'HEAD', '/json']],
      [['d', 'GET', '/empty']],
      [['e', 'POST', '/echo']],
      [['f', 'GET', '/json?after=post']],
    ]);
    for (const [call] of logged) expect(call!.end - call!.start).toBeGreaterThanOrEqual(LATENCY_MS);
  });

  it('counts calls sent together as one round trip and a call sent after an answer as one more', async () => {
    const together = new Pool(tap.url, { connections: 4 });
    try {
      const request = (path: string) =>
        together
          .request({ method: 'GET', path, headers: { 'x-correlation-id': 'page' } })
          .then((answer) => answer.body.text());
      await Promise.all([request('/json?1'), request('/json?2'), request('/json?3')]);
      await request('/json?after');
      await tap.collect();
      const calls = tap.callsOf('page');
      expect(calls).toHaveLength(4);
      expect(roundTrips(calls)).toBe(2);
      expect(roundTrips(calls.slice(0, 3))).toBe(1);
    } finally {
      await together.close();
    }
  });
});
