import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BREAKER } from '../../server/proxy/breakers';
import { startEndpointGateway, SHOP, type EndpointGateway } from '../support/endpoint-gateway';
import {
  leaveBeforeTheAnswer,
  startHandUpstream,
  type HandUpstream,
} from '../support/hand-upstream';

// A call that ends without the upstream's verdict (the visitor left before the answer; the gateway
// cut an upload over 1 MiB) says nothing of the service: it counts neither as a failure nor as a
// success for its circuit breaker (server/proxy/breakers.ts: "visitors who leave never count").
// Before, it counted as a success and started the consecutive failures over: while a sick service
// made visitors give up, the breaker never opened, and every shopper waited out its deadline.
const ORDERS = '/api/services/orders';
const BEFORE_THRESHOLD = DEFAULT_BREAKER.failures - 1;

let upstream: HandUpstream;
let gw: EndpointGateway;
let port: number;

beforeAll(async () => {
  upstream = await startHandUpstream();
  gw = await startEndpointGateway({ PLATFORM_URL: upstream.url });
  await gw.app.listen({ port: 0, host: '127.0.0.1' });
  port = (gw.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await gw?.close();
  await upstream?.close();
});

const get = (path: string) => fetch(`http://127.0.0.1:${port}${ORDERS}${path}`, { headers: SHOP });

describe('a call without the upstream verdict', () => {
  it('does not start the consecutive failures over: the breaker still opens at the threshold', async () => {
    for (let i = 0; i < BEFORE_THRESHOLD; i++) expect((await get('/fail')).status).toBe(500);
    expect(await leaveBeforeTheAnswer(port, upstream, `${ORDERS}/slow`)).toBe('left');
    expect((await get('/fail')).status).toBe(500); // the threshold's failure

    const calls = upstream.paths.length;
    const fast = await get('/ok');
    expect(fast.status).toBe(503);
    expect(await fast.json()).toMatchObject({ error: { code: 'upstream_unavailable' } });
    expect(upstream.paths).toHaveLength(calls);
  });
});
