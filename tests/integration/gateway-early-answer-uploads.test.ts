import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendRaw, type RawRequest } from '../fuzz/raw-http';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream';
import { startGatewayProcess, type NodeProcess } from '../support/processes';

// The gateway answers many uploads before reading them (a foreign origin's 403, a declared length
// over the 1 MiB limit's 413). On a connection the client closes after the answer, the answer must
// still reach it: closing the socket with the upload unread reset the connection and lost about one
// answer in four (the fuzz suite's "no answer: write EPIPE"). The production process, as clients
// reach it: docs/decisions/0301.
let upstream: FakeUpstream;
let gateway: NodeProcess;

beforeAll(async () => {
  upstream = await startFakeUpstream();
  upstream.on('*', /^\//, { status: 404, body: { error: { code: 'not_found', message: 'fake' } } });
  gateway = await startGatewayProcess(upstream.url, { LOG_LEVEL: 'error' });
});
afterAll(async () => {
  await gateway?.stop();
  await upstream?.close();
});

// Larger than loopback's socket buffers take at once, so the client is still writing when the
// answer comes: a reset then fails its write (EPIPE), and the answer is never read.
const UPLOAD_BYTES = 16 * 1024 * 1024;
const FORM = 'field=value&'.repeat(UPLOAD_BYTES / 12);
const ROUNDS = 30;

function upload(target: string, framing: 'length' | 'chunked', declared?: number): RawRequest {
  const body = framing === 'chunked' ? `${FORM.length.toString(16)}\r\n${FORM}\r\n0\r\n\r\n` : FORM;
  return {
    method: 'POST',
    target,
    headers: [
      ['Host', `localhost:${gateway.port}`],
      ['Origin', 'https://elsewhere.example'],
      ['Content-Type', 'application/x-www-form-urlencoded'],
      framing === 'chunked'
        ? ['Transfer-Encoding', 'chunked']
        : ['Content-Length', String(declared ?? FORM.length)],
      ['Connection', 'close'],
    ],
    body,
  };
}

async function statuses(request: RawRequest): Promise<string[]> {
  const seen: string[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const answer = await sendRaw(gateway.port, request);
    seen.push(answer.error ? `no answer: ${answer.error}` : `${answer.status}`);
  }
  return seen;
}

describe('an answer sent before the upload arrived', () => {
  it.each([
    ['a page action', '/checkout', 'length'],
    ['a page action, chunked', '/checkout', 'chunked'],
    ['a proxied write', '/api/services/orders/api/v1/orders', 'length'],
  ] as const)('reaches the client: %s refused for its origin', async (_name, target, framing) => {
    expect(await statuses(upload(target, framing))).toEqual(Array(ROUNDS).fill('403'));
  });

  it('reaches the client: a declared length over the limit refused with 413', async () => {
    // The Origin is the shop's own, so the length is what is refused.
    const request = upload('/api/services/orders/api/v1/orders', 'length');
    request.headers[1] = ['Origin', `http://localhost:${gateway.port}`];
    request.headers.push(['X-CSRF', '1']);
    expect(await statuses(request)).toEqual(Array(ROUNDS).fill('413'));
  });

  it('leaves the gateway serving', async () => {
    expect((await fetch(`${gateway.url}/healthz`)).status).toBe(200);
  });
});
