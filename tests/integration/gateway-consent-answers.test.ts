import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEndpointGateway, type EndpointGateway } from '../support/endpoint-gateway';

// The consent answers the gateway writes itself (ADR 0265): GET /consent is an HTML page of the
// shop's origin like any other, so it carries a Content-Security-Policy; POST /consent's Location
// is made of the form's `return`, so it must be a valid header value whatever the visitor sent.
let gw: EndpointGateway;
let base: string;
beforeAll(async () => {
  gw = await startEndpointGateway({ COOKIE_SECURE: 'false' });
  await gw.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://localhost:${(gw.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => gw.close());

const choose = (back: string) =>
  fetch(`${base}/consent`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: base, 'content-type': 'application/x-www-form-urlencoded' },
    body: `choice=accept&return=${back}`,
  });

describe('the consent page', () => {
  it('is an HTML page with a Content-Security-Policy: no script, no frame, forms to itself', async () => {
    const answer = await fetch(`${base}/consent?return=%2Fsearch%2Fmilk`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = answer.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/default-src 'self'/);
    expect(csp).toMatch(/script-src [^;]*'nonce-/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toMatch(/form-action 'self'/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(await answer.text()).toContain('href="/search/milk"');
  });
});

describe("the consent form's way back", () => {
  it('a path with characters a header cannot hold is percent-encoded, not a 500', async () => {
    // `/中` (what the form sends as %E4%B8%AD): Node refused the raw Location with a 500.
    const wide = await choose('%2F%E4%B8%AD');
    expect(wide.status).toBe(303);
    expect(wide.headers.get('location')).toBe('/%E4%B8%AD');
    // `/é`: a Latin-1 character went out as one raw byte, which a browser reads as no UTF-8.
    const latin = await choose('%2F%C3%A9');
    expect(latin.status).toBe(303);
    expect(latin.headers.get('location')).toBe('/%C3%A9');
  });

  it('a path with DEL or an encoded separator goes home', async () => {
    for (const back of ['%2Fx%7F', '%2F%252F%252Fevil.example', '%2F%255Cevil.example']) {
      const answer = await choose(back);
      expect(answer.status, back).toBe(303);
      expect(answer.headers.get('location'), back).toBe('/');
    }
  });
});
