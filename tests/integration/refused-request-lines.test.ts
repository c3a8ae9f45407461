import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../server/observability/metrics';
import { sendRaw } from '../fuzz/raw-http';
import { startEndpointGateway, type EndpointGateway } from '../support/endpoint-gateway';
import { requestLineOf } from '../support/request-lines';

// Requests refused before the request hooks ran (ADR 0312): a target that is not a path, an
// overlong one, a bad Host, a port the shop is not published at, a malformed URL Fastify refuses
// before routing, headers over Node's limit. Each gets the one request line every request gets,
// with the CID its answer carries, its route id and trace ids, and is counted in the metrics.
// They had lines with an empty CID (a target that is not a path), without route or trace ids,
// or none at all and no count (a malformed URL, headers too large).
const HOST = 'shop.localhost';
let gw: EndpointGateway;
let port: number;

beforeAll(async () => {
  gw = await startEndpointGateway();
  await gw.app.listen({ port: 0, host: '127.0.0.1' });
  port = (gw.app.server.address() as AddressInfo).port;
});
afterAll(() => gw?.close());

function send(target: string, headers: [string, string][] = [['Host', HOST]]) {
  return sendRaw(port, { method: 'GET', target, headers: [...headers, ['Connection', 'close']] });
}

/** The answer's CID, from its JSON error body. */
function cidOf(body: string): string {
  return (JSON.parse(body) as { error: { cid: string } }).error.cid;
}

/** gateway_http_requests_total of one series (0 when absent). */
async function counted(route: string, method: string, status: number): Promise<number> {
  const text = await registry.metrics();
  const series = `gateway_http_requests_total{route="${route}",method="${method}",status="${status}"}`;
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

const TRACE_ID = /^[0-9a-f]{32}$/;
const SPAN_ID = /^[0-9a-f]{16}$/;

describe('a request refused before the request hooks', () => {
  it.each([
    ['a target that is not a path', 'http://evil.example/auth/session', [['Host', HOST]], 400],
    ['an overlong target', `/${'a'.repeat(9_000)}`, [['Host', HOST]], 414],
    ['a malformed Host', '/', [['Host', 'a..b']], 400],
    ['a port the shop is not published at', '/', [['Host', `${HOST}:9999`]], 421],
  ] as [string, string, [string, string][], number][])(
    '%s: its line has the CID of its answer, a route and trace ids',
    async (_what, target, headers, status) => {
      const answer = await send(target, headers);
      expect(answer.status).toBe(status);
      const cid = cidOf(answer.body);
      const line = await requestLineOf(gw.logs, cid);
      expect(line).toMatchObject({ method: 'GET', statusCode: status, route: expect.any(String) });
      expect(line.traceId).toMatch(TRACE_ID);
      expect(line.spanId).toMatch(SPAN_ID);
    },
  );

  it('continues the caller’s trace', async () => {
    const traceId = '0af7651916cd43dd8448eb211c80319c';
    const answer = await send('/', [
      ['Host', `${HOST}:9999`],
      ['traceparent', `00-${traceId}-b7ad6b7169203331-01`],
    ]);
    expect(answer.status).toBe(421);
    expect(await requestLineOf(gw.logs, cidOf(answer.body))).toMatchObject({ traceId });
  });

  it('a port the shop is not published at: the log names PUBLIC_PORTS, once a minute (ADR 0378)', async () => {
    // A balancer publishing the shop at a port missing from PUBLIC_PORTS has every request refused
    // so; the answer says "no shop", the operator's line names the setting. Not one line a
    // request: any visitor may name any port.
    for (const other of [9999, 9998])
      expect((await send('/', [['Host', `${HOST}:${other}`]])).status).toBe(421);
    const hints = gw.logs.filter((l) => String(l.msg).includes('PUBLIC_PORTS'));
    expect(hints).toHaveLength(1);
    expect(hints[0]).toMatchObject({ level: 40 });
    expect(hints[0]!.msg).toMatch(
      new RegExp(
        `^421 for Host ${HOST}:(9999|9998): port \\d+ is not one this gateway takes \\(PORT and PUBLIC_PORTS: 3000; the connection's: ${port}\\); if a balancer publishes the shop at \\d+, list it in PUBLIC_PORTS$`,
      ),
    );
  });

  it('a malformed URL (refused before routing) has its line and is counted', async () => {
    const before = await counted('unmatched', 'GET', 400);
    const answer = await send('/search/%E0%A4%A');
    expect(answer.status).toBe(400);
    const line = await requestLineOf(gw.logs, cidOf(answer.body));
    expect(line).toMatchObject({
      method: 'GET',
      url: '/search/%E0%A4%A',
      statusCode: 400,
      route: 'unmatched',
    });
    expect(line.traceId).toMatch(TRACE_ID);
    expect(await counted('unmatched', 'GET', 400)).toBe(before + 1);
  });

  it('headers over the limit (refused by Node’s parser) have their line and are counted', async () => {
    // The method and target are there when Node still holds the request line (one read here).
    const before = await counted('unmatched', 'GET', 431);
    const answer = await send('/', [
      ['Host', HOST],
      ['X-Filler', 'a'.repeat(20_000)],
    ]);
    expect(answer.status).toBe(431);
    const line = await requestLineOf(gw.logs, cidOf(answer.body));
    expect(line).toMatchObject({ statusCode: 431, route: 'unmatched', remoteAddress: '127.0.0.1' });
    expect(line.traceId).toMatch(TRACE_ID);
    if (line.method !== undefined) expect(line).toMatchObject({ method: 'GET', url: '/' });
    expect(await counted('unmatched', String(line.method ?? 'unknown'), 431)).toBe(
      (line.method === undefined ? 0 : before) + 1,
    );
  });

  it('an overlong target and one Node’s parser refused are logged cut, keys hidden', async () => {
    // Up to 8 KiB of whatever the client sent was in the line, whole; the key is hidden first.
    const key = 'Zk3activationkey0123456789';
    const target = (length: number) =>
      `/${'a'.repeat(1_000)}/profile/activation/${key}/${'b'.repeat(length)}`;
    const overlong = await send(target(9_000));
    const refused = await send(target(7_000), [
      ['Host', HOST],
      ['X-Filler', 'f'.repeat(12_000)],
    ]);
    for (const [answer, status, length] of [
      [overlong, 414, target(9_000).length],
      [refused, 431, target(7_000).length],
    ] as const) {
      expect(answer.status).toBe(status);
      const cid = cidOf(answer.body);
      const line = await requestLineOf(gw.logs, cid);
      expect(line.url).toBe(
        `/${'a'.repeat(1_000)}/profile/activation/ …(${length.toLocaleString('en-US')} characters)`,
      );
      expect(JSON.stringify(gw.logs.filter((l) => l.cid === cid))).not.toContain(key);
    }
  });

  it('CONNECT and an unmet Expect (answered by the server itself) have their lines', async () => {
    const connect = await sendRaw(port, {
      method: 'CONNECT',
      target: 'evil.example:443',
      headers: [['Host', 'evil.example:443']],
    });
    expect(connect.status).toBe(405);
    expect(await requestLineOf(gw.logs, cidOf(connect.body))).toMatchObject({
      method: 'CONNECT',
      url: 'evil.example:443',
      statusCode: 405,
      route: 'unmatched',
    });
    const expect100 = await send('/', [
      ['Host', HOST],
      ['Expect', 'something-else'],
    ]);
    expect(expect100.status).toBe(417);
    expect(await requestLineOf(gw.logs, cidOf(expect100.body))).toMatchObject({
      method: 'GET',
      url: '/',
      statusCode: 417,
      route: 'unmatched',
    });
  });
});
