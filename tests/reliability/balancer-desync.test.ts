import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEndpointGateway, type EndpointGateway } from '../support/endpoint-gateway';
import { startHaproxy, type Haproxy } from '../support/haproxy';
import { freePort, startNginx, type Nginx } from '../support/nginx';
import { sendBytes } from '../support/raw-bytes';

// Request smuggling through the balancers (docs/decisions/0327): a request hidden in another's
// body (CL.TE, TE.CL, obfuscated or folded Transfer-Encoding, two Content-Lengths, chunk
// extensions, bare LF line ends) must never reach the gateway as a request of its own, and the
// next visitor, whose request the balancer sends on the same kept-alive connection to the gateway
// (ADR 0316), gets their own answer. Sent as raw bytes to Debian's nginx with the shipped rules
// (deploy/nginx-proxy.conf) and to Debian's HAProxy with the shipped deploy/haproxy.cfg, any
// visitor's request allowed on any kept connection here (`http-reuse always`), one gateway behind
// each, its fake platform answering every call with the path it was asked.
let gateway: EndpointGateway;
let nginx: Nginx;
let haproxy: Haproxy;
let balancers: { name: string; port: number }[];

beforeAll(async () => {
  const [nginxPort, haproxyPort] = [await freePort(), await freePort()];
  gateway = await startEndpointGateway({
    PUBLIC_PORTS: `${nginxPort},${haproxyPort}`,
    HOST: '127.0.0.1',
  });
  gateway.upstream.on('*', /.*/, (request) => ({ body: { path: request.path } }));
  await gateway.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = gateway.app.server.address() as { port: number };
  nginx = await startNginx([port], nginxPort);
  haproxy = await startHaproxy([port], haproxyPort, { backend: ['http-reuse always'] });
  balancers = [
    { name: 'nginx', port: nginxPort },
    { name: 'haproxy', port: haproxy.port },
  ];
}, 60_000);

afterAll(async () => {
  await nginx?.close();
  await haproxy?.close();
  await gateway?.close();
});

const HIDDEN = '/api/services/catalogue/hidden';
const hiddenRequest = `GET ${HIDDEN} HTTP/1.1\r\nHost: localhost\r\nX-CSRF: 1\r\n\r\n`;
const head = (lines: string[]) =>
  `POST /api/services/catalogue/first HTTP/1.1\r\n${lines.join('')}`;
const hex = (text: string) => Buffer.byteLength(text).toString(16);

/** A POST whose body, read by Content-Length, holds the hidden request after an empty chunk. */
function lengthAndChunked(teLines: string[]): string {
  const body = `0\r\n\r\n${hiddenRequest}`;
  return `${head([...teLines, `Content-Length: ${body.length}\r\n`])}\r\n${body}`;
}

const ATTACKS: Record<string, string> = {
  'CL.TE': lengthAndChunked(['Transfer-Encoding: chunked\r\n']),
  'TE.CL': `${head(['Transfer-Encoding: chunked\r\n', 'Content-Length: 4\r\n'])}\r\n${hex(hiddenRequest)}\r\n${hiddenRequest}\r\n0\r\n\r\n`,
  'TE with a space before the colon': lengthAndChunked(['Transfer-Encoding : chunked\r\n']),
  'TE xchunked': lengthAndChunked(['Transfer-Encoding: xchunked\r\n']),
  'TE chunked, identity': lengthAndChunked(['Transfer-Encoding: chunked, identity\r\n']),
  'TE after a tab': lengthAndChunked(['Transfer-Encoding:\tchunked\r\n']),
  'TE twice': lengthAndChunked(['Transfer-Encoding: chunked\r\n', 'Transfer-Encoding: x\r\n']),
  'TE folded (obs-fold)': lengthAndChunked(['Transfer-Encoding:\r\n', ' chunked\r\n']),
  'TE after a bare LF': lengthAndChunked(['X-Pad: 1\nTransfer-Encoding: chunked\r\n']),
  'two Content-Lengths': `${head(['Content-Length: 0\r\n', `Content-Length: ${hiddenRequest.length}\r\n`])}\r\n${hiddenRequest}`,
  'Content-Length list': `${head([`Content-Length: 0, ${hiddenRequest.length}\r\n`])}\r\n${hiddenRequest}`,
  'a chunk with an extension': `${head(['Transfer-Encoding: chunked\r\n'])}\r\n${hex(hiddenRequest)};ext="x"\r\n${hiddenRequest}\r\n0\r\n\r\n`,
  'chunk lines ending in bare LF': `${head(['Transfer-Encoding: chunked\r\n'])}\r\n${hex(hiddenRequest)};x\n${hiddenRequest}\n0\n\n`,
  'a GET with a body': `GET /api/services/catalogue/first HTTP/1.1\r\nContent-Length: ${hiddenRequest.length}\r\n\r\n${hiddenRequest}`,
};

describe.each(['nginx', 'haproxy'])('a request hidden in a body, through %s', (balancerName) => {
  const port = () => balancers.find((b) => b.name === balancerName)!.port;
  it.each(Object.keys(ATTACKS))('%s: never a request, the next visitor answered', async (name) => {
    const host = `Host: localhost:${port()}\r\n`;
    // The Host goes first: some attacks end their head with the body's framing.
    const attack = ATTACKS[name]!.replace(' HTTP/1.1\r\n', ` HTTP/1.1\r\n${host}`);
    const attacker = await sendBytes(port(), attack, { maxMs: 3_000 });
    // Refused, or answered once as the request its framing says: never the hidden one's answer.
    expect(attacker.responses.length).toBeLessThanOrEqual(1);
    for (const response of attacker.responses)
      expect(response.body.toString()).not.toContain(HIDDEN);

    const visitor = `/api/services/catalogue/visitor-${name.length}`;
    const next = await sendBytes(
      port(),
      `GET ${visitor} HTTP/1.1\r\n${host}X-CSRF: 1\r\nConnection: close\r\n\r\n`,
    );
    expect(next.responses).toHaveLength(1);
    expect(next.responses[0]!.status).toBe(200);
    expect(JSON.parse(next.responses[0]!.body.toString())).toEqual({ path: visitor });
    expect(gateway.upstream.received(HIDDEN)).toEqual([]);
  });

  it('answers requests pipelined on one connection each in turn', async () => {
    const host = `Host: localhost:${port()}\r\n`;
    const paths = ['one', 'two', 'three'].map((p) => `/api/services/catalogue/${p}`);
    const pipelined = paths.map((path) => `GET ${path} HTTP/1.1\r\n${host}X-CSRF: 1\r\n\r\n`);
    const { responses } = await sendBytes(port(), pipelined.join(''), { expect: 3 });
    expect(responses.map((r) => JSON.parse(r.body.toString()) as unknown)).toEqual(
      paths.map((path) => ({ path })),
    );
  });
});
