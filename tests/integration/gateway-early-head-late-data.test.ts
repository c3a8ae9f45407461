import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readPage } from '../support/early-reading';
import type { FakeResponse, RecordedRequest } from '../support/fake-upstream';
import { serveContext, startPageGateway, type PageGateway } from '../support/page-gateway';
import { jwt } from '../support/proxy-scenario';

// ADR 0287: a session's head goes early only when its data is late (EARLY_HEAD_AFTER_MS). A page
// whose data is in before then is sent whole, with its length and its exact status; a token uaa
// refuses before the head went is renewed as on any whole page, its cookies with the headers.
const UAA = '/api/services/uaa/api/v1';
const ACCOUNT = `${UAA}/account`;
const ANN = { id: 'a1', login: 'ann', email: 'ann@example.com' };
const WAIT_MS = 150;
let gw: PageGateway;
let origin = '';

function answerAfter(ms: number, answer: FakeResponse) {
  gw.upstream.on('GET', ACCOUNT, async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    return answer;
  });
}

beforeAll(async () => {
  gw = await startPageGateway({ TRUST_PROXY: '127.0.0.1', EARLY_HEAD_AFTER_MS: String(WAIT_MS) });
  await gw.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(gw.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await gw?.app.close();
  await gw?.upstream.close();
});
beforeEach(async () => {
  gw.upstream.reset();
  serveContext(gw.upstream);
  gw.upstream.on('GET', /^\/api\/services\/booking-ms/, { body: { uid: 'b', items: [] } });
  gw.upstream.on('GET', /^\/api\/services\/smart-carts/, { body: { items: [] } });
  gw.upstream.on('GET', ACCOUNT, { body: ANN });
  // The shop's first document teaches the gateway its head.
  await (
    await readPage(`${origin}/blink-test`, `access_token=${jwt('t', 600)}; refresh_token=r`)
  ).rest;
});

describe('the early head waits for late data only', () => {
  it('sends a page whose data is in before the wait ends whole, with its length', async () => {
    const page = await readPage(
      `${origin}/blink-test`,
      `access_token=${jwt('t', 600)}; refresh_token=r`,
    );
    expect(page.response.statusCode).toBe(200);
    expect(page.response.headers['x-page-head']).toBeUndefined();
    expect(Number(page.response.headers['content-length'])).toBeGreaterThan(1000);
    expect(await page.rest).toContain('&quot;email&quot;:&quot;ann@example.com&quot;');
  });

  it('keeps the exact status of a page that turns out to be a redirect', async () => {
    gw.upstream.on('GET', ACCOUNT, { body: { id: null, login: 'anonymous' } });
    const page = await readPage(
      `${origin}/smart-carts`,
      `access_token=${jwt('t', 600)}; refresh_token=r`,
    );
    expect(page.response.statusCode).toBe(302);
    expect(page.response.headers.location).toBe('/social-login?returnTo=%2Fsmart-carts');
    await page.rest;
  });

  it('sends the head once the wait is over, before the data', async () => {
    answerAfter(WAIT_MS * 4, { body: ANN });
    const started = performance.now();
    const page = await readPage(
      `${origin}/blink-test`,
      `access_token=${jwt('t', 600)}; refresh_token=r`,
    );
    const firstAfter = performance.now() - started;
    expect(page.response.headers['x-page-head']).toBe('early');
    expect(page.first).not.toContain('</head>');
    expect(firstAfter).toBeGreaterThanOrEqual(WAIT_MS - 5);
    const html = await page.rest;
    expect(performance.now() - started).toBeGreaterThanOrEqual(WAIT_MS * 4 - 5);
    expect(html).toContain('&quot;email&quot;:&quot;ann@example.com&quot;');
  });

  it('renews a token uaa refuses before the head went, its cookies on the whole page', async () => {
    const fresh = jwt('fresh', 600);
    gw.upstream.on('GET', ACCOUNT, (request: RecordedRequest) =>
      JSON.stringify(request.headers).includes(fresh) ? { body: ANN } : { status: 401 },
    );
    gw.upstream.on('POST', `${UAA}/auth/refresh`, {
      body: { access_token: fresh, refresh_token: 'r2', token_type: 'Bearer', expires_in: 600 },
    });
    const page = await readPage(
      `${origin}/blink-test`,
      `access_token=${jwt('old', 600)}; refresh_token=r`,
    );
    expect(page.response.headers['x-page-head']).toBeUndefined();
    expect(String(page.response.headers['set-cookie'])).toContain(`access_token=${fresh}`);
    expect(await page.rest).toContain('&quot;email&quot;:&quot;ann@example.com&quot;');
    expect(gw.upstream.received(`${UAA}/auth/refresh`)).toHaveLength(1);
  });

  it('renews nothing once the head went: that page is signed out, the next one renews', async () => {
    const fresh = jwt('fresh', 600);
    gw.upstream.on('GET', ACCOUNT, async (request: RecordedRequest) => {
      if (JSON.stringify(request.headers).includes(fresh)) return { body: ANN };
      await new Promise((resolve) => setTimeout(resolve, WAIT_MS * 2));
      return { status: 401 };
    });
    gw.upstream.on('POST', `${UAA}/auth/refresh`, {
      body: { access_token: fresh, refresh_token: 'r2', token_type: 'Bearer', expires_in: 600 },
    });
    const cookie = `access_token=${jwt('old', 600)}; refresh_token=r-next`;
    const page = await readPage(`${origin}/blink-test`, cookie);
    expect(page.response.headers['x-page-head']).toBe('early');
    expect(page.response.headers['set-cookie']).toBeUndefined();
    await page.rest;
    expect(gw.upstream.received(`${UAA}/auth/refresh`)).toHaveLength(0);
    const next = await readPage(`${origin}/blink-test`, cookie);
    expect(next.response.headers['x-page-head']).toBeUndefined();
    expect(String(next.response.headers['set-cookie'])).toContain(`access_token=${fresh}`);
    await next.rest;
    expect(gw.upstream.received(`${UAA}/auth/refresh`)).toHaveLength(1);
  });
});
