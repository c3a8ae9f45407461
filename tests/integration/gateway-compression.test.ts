import Fastify from 'fastify';
import { readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync, createBrotliDecompress, gunzipSync, gzipSync } from 'node:zlib';
import { registerCompression } from '../../server/plugins/compression';
import { serveContext, startPageGateway, type PageGateway } from '../support/page-gateway';

// Issue #11 item 1 (ADR 0150): pages and JSON compressed on the fly when asked, static assets
// precompressed at build time (needs `npm run build`), proxied answers passed through untouched.
let gw: PageGateway;
beforeAll(async () => {
  gw = await startPageGateway();
});
afterAll(async () => {
  await gw.app.close();
  await gw.upstream.close();
});

const host = 'localhost:3000';
const assets = join(process.env.BUILD_DIR ?? 'build', 'client/assets');
// The framework chunk (React and React Router): entry.client is too small to be precompressed.
const framework = readdirSync(assets).find((f) => /^framework-.*\.js$/.test(f))!;

describe('pages and data', () => {
  it('compresses a page with brotli or gzip when asked, and says it varies', async () => {
    serveContext(gw.upstream);
    for (const [asked, expected, decode] of [
      ['br, gzip', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const response = await gw.app.inject({
        url: '/blink-test',
        headers: { host, 'accept-encoding': asked },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(expected);
      expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
      expect(decode(response.rawPayload).toString()).toContain('Fresh Market');
    }
  });

  it('sends the page as is to a client that asks for no encoding', async () => {
    serveContext(gw.upstream);
    const response = await gw.app.inject({ url: '/blink-test', headers: { host } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toContain('Fresh Market');
  });
});

describe('static assets', () => {
  it('serves the precompressed sibling, immutable and long-cached', async () => {
    const response = await gw.app.inject({
      url: `/assets/${framework}`,
      headers: { host, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toMatch(/max-age=31536000/);
    expect(response.headers['cache-control']).toMatch(/immutable/);
    expect(response.rawPayload.equals(readFileSync(join(assets, `${framework}.br`)))).toBe(true);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(
      readFileSync(join(assets, framework), 'utf8'),
    );
  });

  it('serves gzip to a gzip-only client and the plain file to others', async () => {
    const gz = await gw.app.inject({
      url: `/assets/${framework}`,
      headers: { host, 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(
      readFileSync(join(assets, framework), 'utf8'),
    );
    const plain = await gw.app.inject({ url: `/assets/${framework}`, headers: { host } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(readFileSync(join(assets, framework), 'utf8'));
  });
});

describe('proxied answers', () => {
  const big = JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ id: i })) });

  it("passes the upstream's encoding through untouched (never compressed twice)", async () => {
    const encoded = gzipSync(big);
    gw.upstream.on('GET', '/api/services/catalogue/api/v1/brands', {
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: encoded,
    });
    const response = await gw.app.inject({
      url: '/api/services/catalogue/api/v1/brands',
      headers: { host, 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.rawPayload.equals(encoded)).toBe(true);
    const [call] = gw.upstream.received('/api/services/catalogue/api/v1/brands');
    expect(call!.headers['accept-encoding']).toBe('br, gzip');
  });

  it('does not compress an answer the upstream sent as is', async () => {
    gw.upstream.on('GET', '/api/services/catalogue/api/v1/taxonomy', { body: JSON.parse(big) });
    const response = await gw.app.inject({
      url: '/api/services/catalogue/api/v1/taxonomy',
      headers: { host, 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(big);
  });
});

describe('public pictures through the proxy', () => {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg"/>';
  const signedIn = { host, cookie: 'access_token=a; refresh_token=r' };

  it('keeps the public cache policy of a picture for a visitor with a session', async () => {
    gw.upstream.on('GET', '/api/services/catalogue/api/v1/images/p1/1.svg', {
      headers: { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' },
      body: svg,
    });
    const response = await gw.app.inject({
      url: '/api/services/catalogue/api/v1/images/p1/1.svg',
      headers: signedIn,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('still marks anything else of a visitor with a session private, no-store', async () => {
    gw.upstream.on('GET', '/api/services/catalogue/api/v1/images/p1/2.svg', {
      headers: { 'content-type': 'image/svg+xml', 'cache-control': 'private, max-age=60' },
      body: svg,
    });
    // Offerings are not on the public list (docs/decisions/0155): a public policy from upstream
    // does not make them public for a visitor with a session.
    gw.upstream.on('GET', '/api/services/catalogue/api/v1/offerings', {
      headers: { 'cache-control': 'public, max-age=60' },
      body: { items: [] },
    });
    for (const url of [
      '/api/services/catalogue/api/v1/images/p1/2.svg',
      '/api/services/catalogue/api/v1/offerings?ids=p1',
    ]) {
      const response = await gw.app.inject({ url, headers: signedIn });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('private, no-store');
    }
  });
});

describe('streaming', () => {
  it('flushes each streamed chunk through the compressor (the shell is not held back)', async () => {
    const app = Fastify();
    await registerCompression(app);
    let firstChunkSeen!: () => void;
    const seen = new Promise<void>((resolve) => (firstChunkSeen = resolve));
    app.get('/stream', (_request, reply) => {
      const body = new PassThrough();
      reply.type('text/html; charset=utf-8').send(body);
      body.write(`<!DOCTYPE html><html><body><p id="shell">${'shell '.repeat(300)}</p>`);
      // The rest comes only once the client has decoded the shell: without a flush per chunk
      // the compressor would hold the shell back and this test would never end.
      void seen.then(() => body.end('<p>rest</p></body></html>'));
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const response = await request(
        `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/stream`,
        {
          headers: { 'accept-encoding': 'br' },
        },
      );
      expect(response.headers['content-encoding']).toBe('br');
      const decoded = response.body.pipe(createBrotliDecompress());
      let text = '';
      for await (const chunk of decoded) {
        text += String(chunk);
        if (text.includes('</p>')) firstChunkSeen();
      }
      expect(text).toContain('id="shell"');
      expect(text.endsWith('</html>')).toBe(true);
    } finally {
      await app.close();
    }
  });
});
