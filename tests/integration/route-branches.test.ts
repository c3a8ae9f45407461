import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { routeBranchCount } from '../../server/render/route-branches';
import { closeGateway } from '../support/close-gateway';
import { allScreens, type Screen } from '../support/screens';
import { startShop, type TestShop } from '../support/shop';

// ADR 0297: a document rendered by the handler of the routes it can use is the document the whole
// route tree renders. The same screens, on two gateways of one platform (one of them with every
// document through the whole tree), signed in and as a guest: the same status, redirect and
// bytes, what is new for each response aside (its nonce, CID, the page proof signed with the CID,
// the idempotency keys of its forms: orderKey, idempotencyKey, formKey). The early head is off:
// documents are compared whole.
const ENV = {
  EARLY_HEAD: 'off',
  LOG_LEVEL: 'silent',
  NODE_ENV: 'test',
};
let shop: TestShop;
let whole: FastifyInstance;
let screens: Screen[];
let cookie: string;

beforeAll(async () => {
  shop = await startShop(ENV);
  whole = await buildApp(loadConfig({ ...ENV, PLATFORM_URL: shop.platform.url }), {
    render: { kind: 'build', wholeRouteTree: true },
  });
  await whole.ready();
  screens = await allScreens(shop);
  const tokens = await shop.platform.signIn('fresh');
  cookie = `access_token=${tokens.access_token}; refresh_token=${tokens.refresh_token}`;
}, 120_000);
afterAll(async () => {
  if (whole) await closeGateway(whole);
  await shop?.close();
});

async function page(gateway: FastifyInstance, url: string, signedIn: boolean) {
  const answer = await gateway.inject({
    url,
    headers: { host: 'localhost:3000', accept: 'text/html', ...(signedIn ? { cookie } : {}) },
  });
  const nonce = /'nonce-([^']+)'/.exec(String(answer.headers['content-security-policy']))?.[1];
  const cid = String(answer.headers['x-correlation-id']);
  let body = answer.body
    .replaceAll(cid, '<cid>')
    .replace(/\d{10}\.[\w-]{43}/g, '<proof>')
    .replace(
      /((?:orderKey|idempotencyKey|formKey).{1,20}?)[\da-f]{8}(?:-[\da-f]{4}){3}-[\da-f]{12}/g,
      '$1<key>',
    );
  if (nonce) body = body.replaceAll(nonce, '<nonce>');
  return { status: answer.statusCode, location: answer.headers.location, body };
}

/** Where two documents part, with some of each around it (a whole page is too long to read). */
function firstDifference(a: string, b: string): string | null {
  if (a === b) return null;
  let at = 0;
  while (a[at] === b[at]) at += 1;
  return `at ${at}: …${a.slice(at - 80, at + 80)}… | …${b.slice(at - 80, at + 80)}…`;
}

const URLS = () => [
  ...screens.map((screen) => screen.path),
  '/no/such/page',
  '/orders/no-such-order',
  // A trailing slash, a percent-escape, a splat with more segments, a query.
  '/profile/info/',
  '/search/caf%C3%A9',
  '/products/a/b/c/d/e',
  '/search/milk?sort=price',
];

/** Both gateways answer every URL alike, signed in and as a guest, each through a branch here. */
async function expectSameAnswers(urls: string[]) {
  const before = routeBranchCount.served;
  for (const signedIn of [true, false])
    for (const url of urls) {
      const branch = await page(shop.gateway, url, signedIn);
      const all = await page(whole, url, signedIn);
      expect({ url, signedIn, status: branch.status, location: branch.location }).toEqual({
        url,
        signedIn,
        status: all.status,
        location: all.location,
      });
      expect(firstDifference(branch.body, all.body), `${url} signed in: ${signedIn}`).toBeNull();
    }
  // Every one of them went through a branch on the first gateway (and none on the other).
  expect(routeBranchCount.served - before).toBe(urls.length * 2);
}

describe('a route branch (ADR 0297)', () => {
  it('renders the documents of the whole route tree, on every screen and on a 404', async () => {
    await expectSameAnswers(URLS());
    // Each screen's URL shows the screen (not a 404 or a redirect), signed in or as a guest
    // (sign-in itself sends a signed-in shopper on).
    for (const screen of screens) {
      const statuses = [
        (await page(shop.gateway, screen.path, true)).status,
        (await page(shop.gateway, screen.path, false)).status,
      ];
      expect({ ...screen, shown: statuses.includes(200) }, String(statuses)).toEqual({
        ...screen,
        shown: true,
      });
    }
  });
});
