import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { serveContext, startPageGateway, type PageGateway } from '../support/page-gateway';

// Per-page context (specification sections 3, 4, 7, 8) and rendering, against a recording upstream.
let gw: PageGateway;
beforeEach(async () => {
  gw?.upstream.reset();
});
afterAll(async () => {
  await gw.app.close();
  await gw.upstream.close();
});

// Context tests use a screen whose loader needs nothing else from the platform.
const SIMPLE = '/blink-test';

async function page(path: string, headers: Record<string, string> = {}) {
  gw ??= await startPageGateway();
  return gw.app.inject({
    method: 'GET',
    url: path,
    headers: { host: 'localhost:3000', ...headers },
  });
}

describe('page context', () => {
  it('creates a CID, calls the context with cid, isLoggedIn and url, and no account call without cookies', async () => {
    gw ??= await startPageGateway();
    serveContext(gw.upstream);
    const response = await page('/blink-test?x=1');
    expect(response.statusCode).toBe(200);
    const cid = response.headers['x-correlation-id'] as string;
    expect(cid).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(gw.upstream.received('/api/services/uaa')).toHaveLength(0);
    const [call] = gw.upstream.received('/cms-api/context');
    expect(call!.query.get('cid')).toBe(cid);
    expect(call!.query.get('isLoggedIn')).toBe('false');
    expect(JSON.parse(call!.query.get('url')!)).toEqual({
      origin: 'http://localhost:3000',
      host: 'localhost:3000',
      pathname: '/blink-test',
    });
    expect(call!.headers['x-correlation-id']).toBe(cid);
    expect(call!.headers['x-domain-origin']).toBe('http://localhost:3000');
    expect(call!.headers['x-client-name']).toBe('cms-website');
    expect(response.body).toContain('Fresh Market');
    expect(response.body).toContain(`<meta name="correlation-id" content="${cid}"/>`);
  });

  it('gives every page load a fresh CID, even when the browser sends one', async () => {
    serveContext(gw.upstream);
    const sent = 'a'.repeat(32);
    const first = await page(SIMPLE, { 'x-correlation-id': sent });
    const second = await page(SIMPLE);
    expect(first.headers['x-correlation-id']).not.toBe(sent);
    expect(first.headers['x-correlation-id']).not.toBe(second.headers['x-correlation-id']);
  });

  it("accepts the context as a JSON-encoded string (the specification's form) as well as a JSON object", async () => {
    gw ??= await startPageGateway();
    for (const asString of [true, false]) {
      gw.upstream.reset();
      serveContext(gw.upstream, {}, asString);
      // The fake answers the form under test: a JSON string holding the context, or the object.
      const sent = await fetch(`${gw.upstream.url}/cms-api/context?cid=c1&url=%7B%7D`);
      const wire: unknown = JSON.parse(await sent.text());
      expect(typeof wire, `asString ${asString}`).toBe(asString ? 'string' : 'object');

      const response = await page(SIMPLE);
      expect(response.statusCode, `asString ${asString}`).toBe(200);
      expect(response.body).toContain('Fresh Market');
    }
  });

  it('calls uaa only when both token cookies exist, with both tokens in a Cookie header', async () => {
    serveContext(gw.upstream);
    gw.upstream.on('GET', '/api/services/uaa/api/v1/account', {
      body: { id: 7, login: 'jane', email: 'jane@example.com' },
    });
    await page(SIMPLE, { cookie: 'access_token=AT1' });
    await page(SIMPLE, { cookie: 'refresh_token=RT1' });
    expect(gw.upstream.received('/api/services/uaa')).toHaveLength(0);

    const response = await page(SIMPLE, { cookie: 'access_token=AT1; refresh_token=RT1; other=x' });
    const [call] = gw.upstream.received('/api/services/uaa/api/v1/account');
    expect(call!.headers.cookie).toContain('access_token=AT1');
    expect(call!.headers.cookie).toContain('refresh_token=RT1');
    expect(call!.headers.cookie).not.toContain('other=x');
    expect(call!.headers['x-correlation-id']).toBe(response.headers['x-correlation-id']);
    const context = gw.upstream.received('/cms-api/context').at(-1);
    expect(context!.query.get('isLoggedIn')).toBe('true');
    expect(response.body).toContain('jane@example.com');
    // The page gets the public account fields, never a token.
    expect(response.body).not.toContain('AT1');
    expect(response.body).not.toContain('RT1');
  });

  it('treats an account without an id as logged out', async () => {
    serveContext(gw.upstream);
    gw.upstream.on('GET', '/api/services/uaa/api/v1/account', {
      body: { id: null, login: 'anonymous' },
    });
    const response = await page(SIMPLE, { cookie: 'access_token=AT1; refresh_token=RT1' });
    // Asked at once with what the cookies said, then again with uaa's answer (ADR 0270).
    const asked = gw.upstream.received('/cms-api/context').map((c) => c.query.get('isLoggedIn'));
    expect(asked).toEqual(['true', 'false']);
    expect(response.body).not.toContain('"login"');
  });

  it('logs an account failure and treats the visitor as logged out', async () => {
    serveContext(gw.upstream);
    gw.upstream.on('GET', '/api/services/uaa/api/v1/account', {
      status: 500,
      body: { error: 'boom' },
    });
    const response = await page(SIMPLE, { cookie: 'access_token=AT1; refresh_token=RT1' });
    expect(response.statusCode).toBe(200);
    const asked = gw.upstream.received('/cms-api/context').map((c) => c.query.get('isLoggedIn'));
    expect(asked).toEqual(['true', 'false']);
    const cid = response.headers['x-correlation-id'];
    expect(gw.logs.some((line) => line.cid === cid && (line.level as number) >= 40)).toBe(true);
  });

  it('passes only the public context to the page', async () => {
    serveContext(gw.upstream, {
      tenant: { id: 'fresh', name: 'Fresh Market', internalSecret: 'tenant-secret-123' },
      adminNotes: 'do-not-render-456',
    });
    const response = await page(SIMPLE);
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('tenant-secret-123');
    expect(response.body).not.toContain('do-not-render-456');
  });
});

describe('context failures', () => {
  it('renders the generic error page with HTTP 502 and the CID when the context has no cid, and logs the status', async () => {
    gw.upstream.on('GET', '/cms-api/context', { status: 500, body: 'upstream broke' });
    const response = await page(SIMPLE);
    expect(response.statusCode).toBe(502);
    const cid = response.headers['x-correlation-id'] as string;
    expect(response.body).toContain('Something went wrong. Please, try refreshing the page.');
    expect(response.body).toContain(cid);
    expect(gw.logs.some((line) => line.cid === cid && line.upstreamStatus === 500)).toBe(true);
    // No retry of the context call.
    expect(gw.upstream.received('/cms-api/context')).toHaveLength(1);
  });

  it('treats a 200 answer without cid as a failure', async () => {
    gw.upstream.on('GET', '/cms-api/context', { body: JSON.stringify({ tenant: { id: 'x' } }) });
    const response = await page(SIMPLE);
    expect(response.statusCode).toBe(502);
    expect(response.body).toContain('Something went wrong. Please, try refreshing the page.');
  });

  it('answers 504 when the context call times out', async () => {
    gw.upstream.on('GET', '/cms-api/context', { delayMs: 1500, body: '{}' });
    const response = await page(SIMPLE);
    expect(response.statusCode).toBe(504);
    expect(response.body).toContain(response.headers['x-correlation-id'] as string);
  });

  it('shows a site error message from the context as is, with the CID', async () => {
    serveContext(gw.upstream, {
      page: { isLoggedIn: false, siteError: { message: 'Closed for <maintenance> until 6' } },
    });
    const response = await page(SIMPLE);
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('Closed for &lt;maintenance&gt; until 6');
    expect(response.body).toContain(response.headers['x-correlation-id'] as string);
  });
});

describe('routes', () => {
  it('answers an unmatched path with 404 "Page not found" and "Page Not Found: {path}"', async () => {
    serveContext(gw.upstream);
    const response = await page('/no/such/page');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('Page not found');
    expect(response.body).toContain('Page Not Found: /no/such/page');
    expect(response.body).toContain(response.headers['x-correlation-id'] as string);
  });

  it('serves every route of the table with its parameters', async () => {
    serveContext(gw.upstream);
    const activation = await page('/profile/activation/KEY-123');
    expect(activation.statusCode).toBe(200);
    expect(activation.body).toContain('KEY-123');
    expect((await page('/blink-test/result')).statusCode).toBe(200);
  });

  it('sends a logged-out visitor of an auth route to sign in with a safe return path', async () => {
    serveContext(gw.upstream);
    const response = await page('/checkout?step=2');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/social-login?returnTo=%2Fcheckout%3Fstep%3D2');
  });

  it('sets a Content-Security-Policy whose nonce the page scripts carry', async () => {
    serveContext(gw.upstream);
    const response = await page(SIMPLE);
    const csp = response.headers['content-security-policy'] as string;
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(response.body).toContain(`nonce="${nonce}"`);
    const second = await page(SIMPLE);
    expect(second.headers['content-security-policy']).not.toBe(csp);
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('logs every line of a page request with its CID and redacts cookies', async () => {
    serveContext(gw.upstream);
    const response = await page(SIMPLE, {
      cookie: 'access_token=SECRET-AT; refresh_token=SECRET-RT',
    });
    const cid = response.headers['x-correlation-id'];
    const lines = gw.logs.filter((line) => line.cid === cid);
    expect(lines.map((line) => line.msg)).toContain('request completed');
    // Every line logged while serving requests carries a CID.
    expect(gw.logs.filter((line) => line.msg === 'request completed' && !line.cid)).toEqual([]);
    expect(JSON.stringify(gw.logs)).not.toContain('SECRET-');
  });

  it('answers documents, data requests and resource routes whole, with their length (nothing streams, ADR 0212)', async () => {
    serveContext(gw.upstream);
    for (const path of [SIMPLE, `${SIMPLE}.data`, '/robots.txt']) {
      const response = await page(path);
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['transfer-encoding'], path).toBeUndefined();
      expect(response.headers['content-length'], path).toBe(String(response.rawPayload.length));
    }
    expect((await page(SIMPLE)).body.trimEnd().endsWith('</html>')).toBe(true);
    expect((await page(`${SIMPLE}.data`)).headers['content-type']).toContain('text/x-script');
  });

  it('answers /favicon.ico with the shop’s icon, without the 404 page or any platform call', async () => {
    gw ??= await startPageGateway();
    serveContext(gw.upstream);
    const response = await page('/favicon.ico');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    expect(response.body).toMatch(/^<svg[^>]*>/);
    // The same file the documents link.
    const linked = (await page(SIMPLE)).body.match(/<link rel="icon" href="([^"]+)"/)?.[1];
    expect(linked).toMatch(/^\/assets\/favicon-[\w-]+\.svg$/);
    gw.upstream.reset();
    expect((await page(linked!)).body).toBe(response.body);
    expect((await page('/favicon.ico')).statusCode).toBe(200);
    expect(gw.upstream.received('/')).toHaveLength(0);
  });

  it('tells the browser runtime which build is current', async () => {
    serveContext(gw.upstream);
    const html = (await page(SIMPLE)).body;
    const latest = await gw.app.inject('/builds/latest.json');
    expect(latest.statusCode).toBe(200);
    expect(latest.headers['cache-control']).toBe('no-store');
    const { buildId } = latest.json() as { buildId: string };
    expect(buildId).toMatch(/^\w+$/);
    expect(html).toContain(`/assets/manifest-${buildId}.js`);
  });
});
