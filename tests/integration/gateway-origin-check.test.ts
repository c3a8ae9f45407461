import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profilePaths, type ProfileInfo } from '../../shared/contracts/profile';
import { rawRequest } from '../support/raw-http';
import { TENANTS } from '../support/platform';
import { startShop, type TestShop } from '../support/shop';
import { shopperOf, type Shopper } from './client-checkout-support';

// Issue #12 items 3 and 4 against the gateway and the reference platform: the CSRF rule applies to
// the path the router matches (`/%61uth/sign-out`), every non-GET page request is checked for its
// Origin (or Sec-Fetch-Site) at the gateway, and a `//host` target never becomes the page's origin.
let shop: TestShop;
let shopper: Shopper;
beforeAll(async () => {
  shop = await startShop();
  shopper = shopperOf(shop);
  await shopper.signIn();
}, 120_000);
afterAll(() => shop?.close());

const EVIL = 'https://evil.example';
const sibling = () => shop.url.replace('//localhost', '//harbour.localhost');
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const rename = (lastName: string) =>
  form({ intent: 'save-info', firstName: 'Sam', lastName, phone: '+353 1 234 5678' });
const name = async () => (await shopper.api<ProfileInfo>(profilePaths.info)).lastName;
const session = async () =>
  (await (await shopper.send('/auth/session')).json()) as { account: unknown };

function expectJsonRefusal(answer: { status: number; body: string }, status: number) {
  expect(answer.status).toBe(status);
  expect(JSON.parse(answer.body)).toEqual({
    error: { code: expect.any(String), message: expect.any(String), cid: expect.any(String) },
  });
}

describe('CSRF rule on the routed path (item 3)', () => {
  it.each(['/%61uth/sign-out', '/%61uth/guest', '/%61uth/sign-in', '/%61%75%74%68/sign-out'])(
    'POST %s from a foreign origin without X-CSRF is refused; the shopper stays signed in',
    async (target) => {
      const answer = await rawRequest(shop.url, 'POST', target, {
        origin: EVIL,
        cookie: shopper.cookies(),
        ...FORM,
      });
      expectJsonRefusal(answer, 403);
      expect(answer.headers['set-cookie']).toBeUndefined();
      expect((await session()).account).not.toBeNull();
    },
  );

  it('POST /api/%73ervices/... without X-CSRF is refused too', async () => {
    const answer = await rawRequest(shop.url, 'POST', '/api/%73ervices/orders/api/v1/orders', {
      origin: shop.url,
      cookie: shopper.cookies(),
    });
    expectJsonRefusal(answer, 403);
  });
});

describe('Origin of every page action, and //host targets (item 4)', () => {
  it('POST //evil.example/profile/info from a foreign origin changes nothing', async () => {
    const before = await name();
    const answer = await rawRequest(
      shop.url,
      'POST',
      '//evil.example/profile/info',
      { origin: EVIL, cookie: shopper.cookies(), ...FORM },
      rename('Evil'),
    );
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(await name()).toBe(before);
  });

  it.each<[string, Record<string, string>]>([
    ['a foreign Origin', { origin: EVIL }],
    ['a sibling shop (same site) as Origin', { origin: 'SIBLING' }],
    ['Origin: null', { origin: 'null' }],
    ['no Origin and Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['no Origin and Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
  ])('a page action with %s is refused with 403 JSON', async (_what, headers) => {
    const before = await name();
    const origin = headers.origin === 'SIBLING' ? { origin: sibling() } : headers;
    for (const target of ['/profile/info', '/profile/info.data', '/cart', '/social-login']) {
      const answer = await rawRequest(
        shop.url,
        'POST',
        target,
        { ...origin, cookie: shopper.cookies(), ...FORM },
        rename('Crossed'),
      );
      expectJsonRefusal(answer, 403);
    }
    expect(await name()).toBe(before);
  });

  it('a same-origin form post without JavaScript still works', async () => {
    const saved = await shopper.post('/profile/info', {
      intent: 'save-info',
      firstName: 'Sam',
      lastName: 'Same-Origin',
      phone: '+353 1 234 5678',
    });
    expect(saved.status).toBeLessThan(400);
    expect(await name()).toBe('Same-Origin');
  });

  it.each([
    '//evil.example/robots.txt',
    '//evil.example/sitemap.xml',
    '//a:b@x/',
    '///',
    '//..%00/',
  ])('GET %s is a 400 JSON error, never another origin or a 500', async (target) => {
    expectJsonRefusal(await rawRequest(shop.url, 'GET', target), 400);
  });

  it('robots.txt and sitemap.xml name only the shop itself', async () => {
    await rawRequest(shop.url, 'GET', '//evil.example/sitemap.xml');
    for (const path of ['/robots.txt', '/sitemap.xml']) {
      const body = await (await fetch(shop.url + path)).text();
      expect(body).not.toContain('evil.example');
      // The shop's configured origin, not the Host it was asked with (ADR 0272).
      expect(body).toContain(TENANTS.fresh.origin);
    }
  });
});
