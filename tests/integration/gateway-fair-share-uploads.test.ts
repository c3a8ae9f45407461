import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveContext, startPageGateway, type PageGateway } from '../support/page-gateway';

// ADR 0348: a page's render place (ADR 0249) is taken once its body has arrived. It was taken as
// the request's headers came, so form posts whose bodies stalled held every place until
// REQUEST_TIMEOUT_MS: 48 such posts from two addresses (the default 24/48) made every other
// visitor's page a 503 "The shop is busy" and /readyz 503, with the gateway doing nothing. Here
// 2/4 places, four stalled posts from two addresses. Raw sockets: a client sends its body at once.
// Client addresses come from X-Forwarded-For, the gateway trusting 127.0.0.1 (TRUST_PROXY).
const BODY = 'intent=add&offeringId=x&quantity=1';
const agent = new Agent({ pipelining: 1 });
afterAll(() => agent.close());

let gw: PageGateway;
let port: number;
const sockets: Socket[] = [];
beforeAll(async () => {
  gw = await startPageGateway({
    TRUST_PROXY: '127.0.0.1',
    FAIR_SHARE_RENDERS: '2/4',
    FAIR_SHARE_QUEUE_MS: '200',
  });
  serveContext(gw.upstream);
  gw.upstream.on('GET', '/api/services/catalogue/api/v1/search', { body: { items: [], total: 0 } });
  gw.upstream.on('GET', '/api/services/catalogue/api/v1/offerings', { body: { items: [] } });
  await gw.app.listen({ port: 0, host: '127.0.0.1' });
  port = (gw.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await gw?.app.close();
  await gw?.upstream.close();
});

/** A form post whose headers and first bytes are sent, the rest held: how to send it, its answer. */
function stalledPost(from: string) {
  const socket: Socket = connect({ port, host: '127.0.0.1' });
  sockets.push(socket);
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  socket.on('error', () => undefined);
  socket.write(
    `POST /cart HTTP/1.1\r\nHost: localhost:3000\r\nOrigin: http://localhost:3000\r\n` +
      `X-Forwarded-For: ${from}\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
      `Content-Length: ${BODY.length}\r\nConnection: close\r\n\r\n${BODY.slice(0, 7)}`,
  );
  const answered = new Promise<string>((resolve) => socket.on('close', () => resolve(received)));
  return { finish: () => socket.write(BODY.slice(7)), answered };
}

async function get(path: string, from: string) {
  const answer = await request(`http://127.0.0.1:${port}${path}`, {
    dispatcher: agent,
    headers: { host: 'localhost:3000', 'x-forwarded-for': from },
  });
  await answer.body.dump();
  return answer.statusCode;
}

describe('page posts whose bodies are still on their way', () => {
  it("hold no render place: another address's pages answer and the gateway stays ready", async () => {
    await get('/search/milk', '198.51.100.4');
    // Node has parsed the four posts' headers (the hooks of a request run as it does).
    const seen = new Promise<void>((resolve) => {
      let count = 0;
      gw.app.server.on('request', () => void (++count === 4 && setImmediate(resolve)));
    });
    const posts = ['203.0.113.1', '203.0.113.1', '203.0.113.2', '203.0.113.2'].map(stalledPost);
    await seen;
    // Before: 503 each (every place held by the stalled posts).
    expect(await get('/search/milk', '198.51.100.4')).toBe(200);
    expect(await get('/readyz', '198.51.100.4')).toBe(200);
    expect(gw.app.fairShare.renders.stats.inUse).toBe(0);
    // Their bodies complete: each is then admitted (no 429/503) and its form read by the cart's
    // action, which refuses it on the cart page.
    for (const post of posts) post.finish();
    const answers = await Promise.all(posts.map((post) => post.answered));
    for (const answer of answers) {
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer).toContain('Invalid cart form');
    }
    expect(gw.app.fairShare.renders.stats.inUse).toBe(0);
  }, 20_000);
});
