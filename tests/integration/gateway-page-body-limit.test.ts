import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { serveContext, startPageGateway, type PageGateway } from '../support/page-gateway';

// Issue #12 item 1: React Router actions read the request body. Every page post gets the
// gateway's 1 MiB limit, declared (Content-Length) or chunked, answered with 413 JSON before the
// page's context or action runs; the upstream sees nothing. A page takes no PUT, PATCH or DELETE
// (ADR 0385): a 405 before any of the body is read.
const MiB = 1024 * 1024;
let gw: PageGateway;
let port: number;

beforeAll(async () => {
  gw = await startPageGateway();
  await gw.app.listen({ port: 0, host: '127.0.0.1' });
  port = (gw.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await gw.app.close();
  await gw.upstream.close();
});
beforeEach(() => {
  gw.upstream.reset();
  serveContext(gw.upstream);
  gw.upstream.on('POST', '/api/services/uaa/api/v1/account/reset-password/init', { status: 200 });
});

type Answer = { status: number; body: string; headers: Record<string, unknown> };

/** A raw HTTP request: `chunks` are written one by one (chunked unless a length is declared). */
function send(
  method: string,
  path: string,
  headers: Record<string, string>,
  chunks: Buffer[],
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        agent: false,
        method,
        path,
        headers: { host: `localhost:${port}`, origin: `http://localhost:${port}`, ...headers },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      },
    );
    // The gateway may answer and close before the whole upload is written.
    req.on('error', (error) => (error.message.includes('EPIPE') ? undefined : reject(error)));
    const write = (i: number) => {
      if (i >= chunks.length) return void req.end();
      if (req.destroyed) return;
      req.write(chunks[i], () => write(i + 1));
    };
    write(0);
  });
}

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const big = (bytes: number) => Buffer.alloc(bytes, 0x61);

function expectTooLarge(answer: Answer) {
  expect(answer.status).toBe(413);
  const body = JSON.parse(answer.body) as { error: Record<string, string> };
  expect(body.error).toEqual({
    code: 'payload_too_large',
    message: expect.any(String),
    cid: answer.headers['x-correlation-id'],
  });
  expect(gw.upstream.requests).toHaveLength(0);
}

describe('page actions and the body limit', () => {
  it.each(['/social-login', '/cart', '/checkout', '/profile/info', '/orders/1', '/'])(
    'POST %s with a declared 2 MiB body: 413 JSON, nothing read, upstream untouched',
    async (path) => {
      const body = big(2 * MiB);
      const answer = await send('POST', path, { ...FORM, 'content-length': String(body.length) }, [
        body.subarray(0, 64 * 1024),
      ]);
      expectTooLarge(answer);
    },
  );

  it('POST /social-login with a chunked body over 1 MiB: 413 JSON', async () => {
    const chunks = Array.from({ length: 40 }, () => big(64 * 1024)); // 2.5 MiB
    const headers = { ...FORM, 'transfer-encoding': 'chunked' };
    expectTooLarge(await send('POST', '/social-login', headers, chunks));
  });

  // A page takes no other method (ADR 0385): refused before its body is read.
  it.each(['PUT', 'PATCH', 'DELETE'])(
    '%s /social-login with a chunked body over 1 MiB: 405 JSON, nothing read',
    async (method) => {
      const chunks = Array.from({ length: 40 }, () => big(64 * 1024)); // 2.5 MiB
      const headers = { ...FORM, 'transfer-encoding': 'chunked' };
      const answer = await send(method, '/social-login', headers, chunks);
      expect(answer.status).toBe(405);
      expect(answer.headers.allow).toBe('GET, HEAD, POST');
      expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'method_not_allowed' } });
      expect(gw.upstream.requests).toHaveLength(0);
    },
  );

  it('a form under the limit still reaches the action', async () => {
    const form = Buffer.from(
      `intent=reset-request&email=ann%40example.com&pad=${'x'.repeat(4096)}`,
    );
    const answer = await send('POST', '/social-login', FORM, [form]);
    expect(answer.status).toBe(200);
    const [call] = gw.upstream.received('/api/services/uaa/api/v1/account/reset-password/init');
    expect(JSON.parse(call!.body)).toMatchObject({ email: 'ann@example.com' });
  });
});
