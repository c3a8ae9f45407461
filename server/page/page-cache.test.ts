import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createPageCache, pageCacheKeeper } from './page-cache';

// The anonymous page cache's own rules (ADR 0154); tests/integration/page-cache.test.ts runs it
// through the gateway with the real build.
const NONCE = 'AbC+/dEf0123456789xyz==';
const CID = 'Q'.repeat(32);
const html = `<script nonce="${NONCE}">x</script><p>${CID}</p><script nonce="${NONCE}">"${CID}"</script>`;

describe('page cache', () => {
  it('puts a fresh nonce and CID into every copy of a document', () => {
    const cache = createPageCache({ ttlSeconds: 60, maxBytes: 1 << 20 });
    cache.set('k', { headers: [['content-type', 'text/html']], html, nonce: NONCE, cid: CID });
    const copy = cache.get('k', { nonce: 'n1', cid: 'C'.repeat(32) })!;
    expect(copy.html).toBe(
      `<script nonce="n1">x</script><p>${'C'.repeat(32)}</p><script nonce="n1">"${'C'.repeat(32)}"</script>`,
    );
    expect(copy.html).not.toContain(NONCE);
    expect(copy.html).not.toContain(CID);
  });

  it('keeps no cookie or length of the render and purges per shop', () => {
    const cache = createPageCache({ ttlSeconds: 60, maxBytes: 1 << 20 });
    const headers: [string, string][] = [
      ['content-type', 'text/html'],
      ['content-length', '10'],
      ['set-cookie', 'a=b'],
    ];
    cache.set('http://a.localhost /x', { headers, html, nonce: NONCE, cid: CID });
    cache.set('http://b.localhost /x', { headers, html, nonce: NONCE, cid: CID });
    expect(cache.get('http://a.localhost /x', { nonce: 'n', cid: 'c' })!.headers).toEqual([
      ['content-type', 'text/html'],
    ]);
    expect(cache.purge('http://a.localhost')).toBe(1);
    expect(cache.get('http://a.localhost /x', { nonce: 'n', cid: 'c' })).toBeNull();
    expect(cache.get('http://b.localhost /x', { nonce: 'n', cid: 'c' })).not.toBeNull();
  });

  it('never keeps a page whose response set a cookie (as @fastify/cookie sets them)', async () => {
    const cache = createPageCache({ ttlSeconds: 60, maxBytes: 1 << 20 });
    const keeper = pageCacheKeeper(cache);
    const app = Fastify();
    await app.register(cookie);
    app.decorateRequest('cid', '');
    app.decorateRequest('shopOrigin', '');
    app.addHook('onRequest', async (request) => {
      request.cid = CID;
      request.shopOrigin = 'http://localhost';
    });
    app.get('/*', { onSend: keeper.onSend }, async (request, reply) => {
      const key = cache.keyOf(request)!;
      keeper.offer(request, { key, headers: [], html, nonce: NONCE });
      if (request.url.startsWith('/starts-a-session')) reply.setCookie('access_token', 'guest');
      return reply.type('text/html').send(html);
    });
    const session = await app.inject({ url: '/starts-a-session' });
    expect(session.headers['set-cookie']).toBeDefined();
    expect(session.headers['x-page-cache']).toBe('bypass');
    expect(cache.get('http://localhost /starts-a-session', { nonce: 'n', cid: 'c' })).toBeNull();

    const plain = await app.inject({ url: '/plain' });
    expect(plain.headers['x-page-cache']).toBe('miss');
    expect(cache.get('http://localhost /plain', { nonce: 'n', cid: 'c' })).not.toBeNull();

    const signedIn = await app.inject({ url: '/plain2', cookies: { refresh_token: 'r' } });
    expect(signedIn.headers['x-page-cache']).toBeUndefined();
    expect(cache.get('http://localhost /plain2', { nonce: 'n', cid: 'c' })).toBeNull();
    await app.close();
  });
});
