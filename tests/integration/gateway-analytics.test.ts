import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShop, type TestShop } from '../support/shop';

// Consented analytics through the real gateway to the platform's analytics inbox (issue #29
// item 3, ADR 0265): the consent form sets the cookie, the events endpoint checks its body and
// forwards only with consent, joined to the page's CID and the shop's tenant, and nothing of the
// shopper (no cookie, token or address) reaches the inbox.
let shop: TestShop;
const CID = 'AnalyticsCid00000000000000000001';

beforeAll(async () => {
  shop = await startShop({ COOKIE_SECURE: 'false', RATE_LIMIT_ANALYTICS: '8/60' });
  // A page first: the gateway learns the shop's tenant from its context.
  expect((await fetch(`${shop.url}/`)).status).toBe(200);
});
afterAll(async () => shop?.close());

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${shop.url}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: shop.url, ...headers },
    body,
  });

const addToCart = JSON.stringify({
  cid: CID,
  events: [
    {
      name: 'add_to_cart',
      params: {
        currency: 'EUR',
        value: 2.4,
        items: [{ item_id: 'off-milk', item_name: 'Milk', price: 1.2, quantity: 2 }],
      },
    },
  ],
});

async function inbox(
  cid: string,
): Promise<{ name: string; cid: string; tenant: string; params: Record<string, unknown> }[]> {
  const answer = await fetch(`${shop.platform.url}/dev/analytics?cid=${cid}`, {
    headers: { accept: 'application/json' },
  });
  return ((await answer.json()) as { events: never[] }).events;
}

describe('analytics through the gateway', () => {
  it('sets the consent cookie from the form (a year, readable by the page) and goes back', async () => {
    const answer = await post('/consent', 'choice=accept&return=%2Fsearch%2Fmilk', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/search/milk');
    const cookie = answer.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^consent=analytics:1;/);
    expect(cookie).toMatch(/Max-Age=31536000/);
    expect(cookie).not.toMatch(/HttpOnly/i);
    const declined = await post('/consent', 'choice=save&return=%2F%2Fevil.example', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(declined.headers.get('set-cookie')).toMatch(/^consent=analytics:0;/);
    expect(declined.headers.get('location')).toBe('/');
    const bad = await post('/consent', 'choice=later');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toMatch(/choice/);
  });

  it('goes back to the page the banner was posted from, whatever its return field says', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    // The banner of the first document, posted after client navigations to a product: its
    // `return` still names the first page (the footer's code that updates it had not arrived).
    const banner = await post('/consent', 'choice=accept&return=%2F', {
      ...form,
      referer: `${shop.url}/product/oat-milk?from=home`,
    });
    expect(banner.headers.get('location')).toBe('/product/oat-milk?from=home');
    // The /consent page's own form names its way back; another site's Referer is not followed.
    const page = await post('/consent', 'choice=save&return=%2Fsearch%2Fmilk', {
      ...form,
      referer: `${shop.url}/consent?return=%2Fsearch%2Fmilk`,
    });
    expect(page.headers.get('location')).toBe('/search/milk');
    const foreign = await post('/consent', 'choice=save&return=%2Forders', {
      ...form,
      referer: 'https://evil.example/somewhere',
    });
    expect(foreign.headers.get('location')).toBe('/orders');
    // The activation and reset pages' Referer is their origin alone (ADR 0110): a choice there
    // went home, and the shopper had to find the e-mail's link again (ADR 0377).
    const key = await post('/consent', 'choice=decline&return=%2Fprofile%2Factivation%2FKey-1', {
      ...form,
      referer: `${shop.url}/`,
    });
    expect(key.headers.get('location')).toBe('/profile/activation/Key-1');
  });

  it('shows the banner until a choice, not after it, and never with Sec-GPC: 1', async () => {
    const page = async (headers: Record<string, string>) =>
      (await (await fetch(`${shop.url}/`, { headers })).text()).includes('class="consent-banner"');
    expect(await page({})).toBe(true);
    expect(await page({ cookie: 'consent=analytics:0' })).toBe(false);
    expect(await page({ cookie: 'consent=analytics:1' })).toBe(false);
    expect(await page({ 'sec-gpc': '1' })).toBe(false);
    const choices = await (await fetch(`${shop.url}/consent`)).text();
    expect(choices).toContain('<h1 id="consent-title">Privacy choices</h1>');
  });

  it('forwards consented events to the inbox with the CID and tenant, and nothing personal', async () => {
    const answer = await post('/analytics/events', addToCart, {
      'content-type': 'text/plain;charset=UTF-8',
      cookie: 'consent=analytics:1; access_token=secret-token-value',
    });
    expect(answer.status).toBe(202);
    expect(await answer.json()).toEqual({ forwarded: 1, dropped: 0 });
    const [event] = await inbox(CID);
    expect(event).toMatchObject({
      name: 'add_to_cart',
      cid: CID,
      tenant: 'fresh',
      params: { currency: 'EUR', value: 2.4, items: [{ item_id: 'off-milk', quantity: 2 }] },
    });
    const stored = JSON.stringify(await inbox(CID));
    expect(stored).not.toContain('secret-token-value');
    expect(stored).not.toContain('127.0.0.1');
  });

  it('drops events without consent, after a decline and with GPC: the server guarantees it', async () => {
    const cid = 'AnalyticsCid00000000000000000002';
    const body = addToCart.replace(CID, cid);
    const cases: Record<string, string>[] = [
      {},
      { cookie: 'consent=analytics:0' },
      { cookie: 'consent=analytics:1', 'sec-gpc': '1' },
    ];
    for (const headers of cases) {
      const answer = await post('/analytics/events', body, headers);
      expect(answer.status).toBe(202);
      expect(await answer.json()).toEqual({ forwarded: 0, dropped: 1 });
    }
    expect(await inbox(cid)).toEqual([]);
  });

  it('refuses bad bodies with a 400 naming the problem, and a flood with 429', async () => {
    const consent = { cookie: 'consent=analytics:1' };
    const bad = await post(
      '/analytics/events',
      JSON.stringify({ events: [{ name: 'add_to_cart', params: { email: 'a@b.c' } }] }),
      consent,
    );
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toMatch(
      /events\.0\.params/,
    );
    const big = await post('/analytics/events', `{"events":[${'"x",'.repeat(5000)}"x"]}`, consent);
    expect(big.status).toBe(413);
    // Eight a minute in this test (RATE_LIMIT_ANALYTICS); earlier tests took some already.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await post('/analytics/events', addToCart, consent)).status);
    expect(statuses).toContain(429);
    expect((await fetch(`${shop.url}/`)).status).toBe(200);
  });
});
