import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uaaPaths } from '../../shared/contracts/uaa';
import { serveContext, startPageGateway, type PageGateway } from '../support/page-gateway';
import { rawRequest, type RawAnswer } from '../support/raw-http';

// X-Forwarded-Host and X-Forwarded-Proto from a peer that is not in TRUST_PROXY are ignored for
// pages too, not only on the proxy path (gateway-proxy-fast-path-trust.test.ts): the shop origin
// is the Host's (server/request/identity.ts), so a visitor's `X-Forwarded-Host: evil.example`
// never reaches a link, canonical or og:url, a redirect's Location, a cookie, robots.txt or the
// sitemap, nor the platform's X-Domain-Origin (ADR 0272, issue #12 item 4). The fake platform
// names no `tenant.origin`, so the page's own origin is printed: the one a trusted forwarded
// host would replace.
const EVIL = 'evil.example';
const FORWARDED = { 'x-forwarded-host': EVIL, 'x-forwarded-proto': 'https' };
const CART_FORM = new URLSearchParams({
  intent: 'set',
  offeringId: 'offering-1',
  byCase: 'false',
  quantity: '1',
  returnTo: '/',
}).toString();

describe.each([
  ['TRUST_PROXY unset', {}],
  ['TRUST_PROXY naming another proxy', { TRUST_PROXY: '10.0.0.1' }],
])('with %s', (_, env: Record<string, string>) => {
  let gw: PageGateway;
  let base: string;
  beforeAll(async () => {
    gw = await startPageGateway(env);
    serveContext(gw.upstream);
    gw.upstream.on('POST', uaaPaths.guest, {
      body: {
        access_token: 'ga',
        refresh_token: 'gr',
        token_type: 'Bearer',
        expires_in: 300,
        refresh_expires_in: 86_400,
      },
    });
    gw.upstream.on('*', /\/api\/services\/booking-ms\//, { body: { items: [] } });
    await gw.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://localhost:${(gw.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await gw?.app.close();
    await gw?.upstream.close();
  });

  const get = (path: string) =>
    rawRequest(base, 'GET', path, { accept: 'text/html', ...FORWARDED });

  /** Neither the answer nor anything the gateway asked the platform names the forwarded host. */
  function expectNoForwardedHost(answer: RawAnswer) {
    expect(JSON.stringify(answer.headers)).not.toContain(EVIL);
    expect(answer.body).not.toContain(EVIL);
    const asked = gw.upstream.requests.map((r) => `${r.url} ${JSON.stringify(r.headers)}`);
    expect(asked.filter((call) => call.includes(EVIL))).toEqual([]);
  }

  it('a page names the Host’s origin in canonical and og:url', async () => {
    const home = await get('/');
    expect(home.status).toBe(200);
    expect(home.body).toContain(`<link rel="canonical" href="${base}/"/>`);
    expect(home.body).toContain(`<meta property="og:url" content="${base}/"/>`);
    expectNoForwardedHost(home);
    const [context] = gw.upstream.received('/cms-api/context');
    expect(context!.headers['x-domain-origin']).toBe(base);
  });

  it('a signed-out visit to /orders redirects to sign-in on the same origin', async () => {
    const orders = await get('/orders');
    expect(orders.status).toBe(302);
    expect(orders.headers.location).toBe('/social-login?returnTo=%2Forders');
    expectNoForwardedHost(orders);
  });

  it('the no-JS cart form redirects back and sets host-only guest cookies', async () => {
    const headers = {
      ...FORWARDED,
      origin: base,
      'content-type': 'application/x-www-form-urlencoded',
    };
    const cart = await rawRequest(base, 'POST', '/cart', headers, CART_FORM);
    expect(cart.status).toBe(302);
    expect(cart.headers.location).toBe('/');
    const cookies = cart.headers['set-cookie'] as string[];
    expect(cookies.map((c) => c.split('=')[0])).toEqual([
      'access_token',
      'refresh_token',
      'session_proof',
    ]);
    for (const cookie of cookies) expect(cookie).not.toMatch(/;\s*domain=/i);
    expectNoForwardedHost(cart);
  });

  it('robots.txt and the sitemap print the Host’s origin', async () => {
    const robots = await get('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.body).toContain(`Sitemap: ${base}/sitemap.xml`);
    expectNoForwardedHost(robots);
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.status).toBe(200);
    expect(sitemap.body).toContain(`<loc>${base}/</loc>`);
    expectNoForwardedHost(sitemap);
  });
});
