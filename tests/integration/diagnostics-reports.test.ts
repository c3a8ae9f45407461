import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShop, type TestShop } from '../support/shop';

// /blink-test reports and /sentry-test failures (issue #27 item 10, docs/decisions/0244): stored under the CID the gateway
// gave the page (a proof travels with it), insert-only (a second post for a CID is refused, the
// first kept), with a budget per client address rather than one per process. Behind a balancer
// here (TRUST_PROXY), each visitor is the balancer's X-Forwarded-For.
const REPORTS = '/api/services/diagnostics/api/v1/blink-reports';
let shop: TestShop;
beforeAll(async () => {
  shop = await startShop({ TRUST_PROXY: '127.0.0.1' });
});
afterAll(async () => shop?.close());

const field = (html: string, name: string) =>
  new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1];

/** Loads /blink-test as a browser without JavaScript: the page's CID and proof. */
async function page(from: string): Promise<{ cid: string; proof: string }> {
  const response = await fetch(`${shop.url}/blink-test`, { headers: { 'x-forwarded-for': from } });
  expect(response.status).toBe(200);
  const html = await response.text();
  const cid = field(html, 'cid');
  const proof = field(html, 'proof');
  expect(cid).toMatch(/^[A-Za-z0-9]{32}$/);
  expect(proof).toBeTruthy();
  expect(html).toContain(`data-test="blink-cid">${cid}<`);
  return { cid: cid!, proof: proof! };
}

/** "Send this report to the shop" (the server-side report, with this browser's User-Agent). */
async function send(fields: Record<string, string>, from: string, userAgent = 'first-browser') {
  const response = await fetch(`${shop.url}/blink-test`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: shop.url,
      'user-agent': userAgent,
      'x-forwarded-for': from,
    },
    body: new URLSearchParams(fields).toString(),
  });
  await response.arrayBuffer();
  return response.status;
}

const stored = async (cid: string) => {
  const response = await shop.platform.call(`${REPORTS}/${cid}`);
  return response.status === 200
    ? ((await response.json()) as { report: { userAgent: string } }).report
    : response.status;
};

describe('blink-test reports', () => {
  it('keep the first report under a CID: a second post is refused with 409', async () => {
    const { cid, proof } = await page('203.0.113.10');
    expect(await send({ cid, proof }, '203.0.113.10')).toBe(302);
    // Before: the second post replaced the first (support read the attacker's).
    expect(await send({ cid, proof }, '198.51.100.10', 'attacker-browser')).toBe(409);
    expect(await stored(cid)).toMatchObject({ userAgent: 'first-browser' });
  });

  it('store only under a CID the gateway gave the page', async () => {
    const { cid, proof } = await page('203.0.113.11');
    const other = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
    // A made-up CID (someone else's, say, not yet reported), with no proof or this page's proof.
    expect(await send({ cid: other }, '203.0.113.11')).toBe(403);
    expect(await send({ cid: other, proof }, '203.0.113.11')).toBe(403);
    expect(await stored(other)).toBe(404);
    expect(await send({ cid, proof: `${proof}x` }, '203.0.113.11')).toBe(403);
    expect(await stored(cid)).toBe(404);
  });

  // ADR 0348: a data request keeps the caller's X-Correlation-ID as its CID, and the loader signed
  // a proof for it: anyone could get one for a shopper's code and store a report under it first.
  it('give no proof for a CID the request brought itself', async () => {
    const shoppers = 'BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB';
    const response = await fetch(`${shop.url}/blink-test.data`, {
      headers: { 'x-correlation-id': shoppers, 'x-forwarded-for': '203.0.113.15' },
    });
    const data = await response.text();
    expect(response.status).toBe(200);
    expect(data).toContain(`"cid","${shoppers}"`);
    const proof = /"proof","([^"]*)"/.exec(data)?.[1];
    // Before: a proof the action took (302, the report stored under the shopper's code).
    expect(proof).toBe('');
    expect(await send({ cid: shoppers, proof: proof ?? '' }, '203.0.113.15')).toBe(403);
    expect(await stored(shoppers)).toBe(404);
  });

  it("show a saved report's checks in the shop's words, whatever its sender wrote (ADR 0344)", async () => {
    const { cid, proof } = await page('203.0.113.13');
    const report = {
      checks: [
        {
          id: 'gateway',
          label: 'IMPORTANT: your account is locked',
          status: 'failed',
          detail: 'Call support at 0800 000 000 or visit https://evil.example/unlock',
        },
        { id: 'refund', label: 'Refund due', status: 'ok', detail: 'Answered the shop server' },
        { id: 'cookies', label: 'Cookies enabled', status: 'ok', detail: 'Enabled' },
      ],
      userAgent: 'attacker-browser',
      javascript: true,
      clockSkewMs: 0,
      roundTripMs: 12,
    };
    expect(await send({ cid, proof, report: JSON.stringify(report) }, '203.0.113.13')).toBe(302);
    // The link a victim (or support) is sent: before, the page showed the sender's sentences.
    const html = await (await fetch(`${shop.url}/blink-test/result?cid=${cid}`)).text();
    expect(html).toContain('data-test="blink-summary">1 failed');
    for (const words of ['locked', '0800', 'evil.example', 'Refund due'])
      expect(html).not.toContain(words);
    expect(html).toMatch(/<th scope="row"[^>]*>Shop server reachable<\/th>/);
    expect(html).toMatch(
      /<th scope="row"[^>]*>Cookies enabled<\/th><td[^>]*>OK<\/td><td[^>]*>Enabled</,
    );
  });

  // The report's userAgent was shown as sent under "Browser", and its numbers unbounded.
  it('show the browser as its name and version only, and only numbers a browser can measure', async () => {
    const { cid, proof } = await page('203.0.113.14');
    const report = {
      checks: [{ id: 'cookies', label: 'Cookies enabled', status: 'ok', detail: 'Enabled' }],
      userAgent:
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Firefox/128.0 IMPORTANT: your account is ' +
        'locked, call 0800 000 000',
      javascript: true,
      clockSkewMs: 1e300,
      roundTripMs: 1e300,
    };
    expect(await send({ cid, proof, report: JSON.stringify(report) }, '203.0.113.14')).toBe(302);
    const html = await (await fetch(`${shop.url}/blink-test/result?cid=${cid}`)).text();
    for (const words of ['locked', '0800', 'IMPORTANT', 'e+']) expect(html).not.toContain(words);
    expect(html).toMatch(/<dt>Browser<\/dt><dd>Firefox 128 on Windows<\/dd>/);
    expect(html).toMatch(/<dt>Clock skew<\/dt><dd>Not shown: out of range<\/dd>/);
    expect(html).toMatch(/<dt>Round trip<\/dt><dd>Not shown: out of range<\/dd>/);
  });

  it('budget reports per client address, not per process', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const { cid, proof } = await page('203.0.113.12');
      statuses.push(await send({ cid, proof }, '203.0.113.12'));
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(302));
    // Before: 60 a minute per process, shared by every visitor (302 here).
    expect(statuses[10]).toBe(429);
    const { cid, proof } = await page('198.51.100.12');
    expect(await send({ cid, proof }, '198.51.100.12')).toBe(302);
  });
});

describe('/sentry-test failures', () => {
  it('budget deliberate failures per client address, not per process', async () => {
    const fail = async (from: string) => {
      const response = await fetch(`${shop.url}/sentry-test`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: shop.url,
          'x-forwarded-for': from,
        },
        body: '',
      });
      await response.arrayBuffer();
      return response.status;
    };
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push(await fail('2001:db8:99:1::1'));
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
    // The same /64 is the same client; another is not held up by it (before: 20 a minute per
    // process, so one client's 20 made everyone's a 429).
    expect(await fail('2001:db8:99:1::2')).toBe(429);
    expect(await fail('2001:db8:99:2::1')).toBe(200);
  });
});
