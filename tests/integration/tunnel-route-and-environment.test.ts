import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCid } from '../../shared/cid';
import {
  reportThroughTunnel,
  startSentryIngest,
  type SentryIngest,
} from '../support/sentry-ingest';
import { startShop, type TestShop } from '../support/shop';

// The rest of what a browser's report says of itself (docs/decisions/0368 and 0373; its release
// and CIDs: 0365). Before, the tunnel passed on as anyone's post wrote them the event's
// `environment` (a production shop's report filed under `staging`, or under any text), its `dist`,
// a `route` tag naming no route of the shop, and `release`, `dist` and `environment` tags (Sentry
// takes the last as the environment of an event naming none). Now the environment is the
// gateway's, the route one of the build's or shown as `route_claimed`, and the rest goes without.
// Then (0373) a route went on under React Router's id (`routes/cart-action`) where the gateway's
// own reports, its request lines and its metrics name `cart`: now it goes on as they name it. The
// shop runs as production, so a genuine report goes on as its browser wrote it, with the
// gateway's tags beside its own (`shop` since 0373: ./tunnel-gateway-tags.test.ts).
let shop: TestShop;
let ingest: SentryIngest;
let running: string;
beforeAll(async () => {
  ingest = await startSentryIngest();
  shop = await startShop({ SENTRY_PUBLIC_DSN: ingest.dsn, NODE_ENV: 'production' });
  const latest = await fetch(`${shop.url}/builds/latest.json`);
  running = ((await latest.json()) as { buildId: string }).buildId;
});
afterAll(async () => {
  await shop?.close();
  await ingest?.close();
});

/** Posts one event; answers the event as the Sentry stand-in got it and the tunnel post's CID. */
const report = (event: Record<string, unknown>) => reportThroughTunnel(shop.url, ingest, event);

/** An event as @sentry/react writes it on a page of the shop (client/runtime/sentry-browser.ts). */
function genuine(route: string): Record<string, unknown> {
  const page = createCid();
  return {
    event_id: '0f'.repeat(16),
    timestamp: 1_764_950_400.5,
    platform: 'javascript',
    level: 'error',
    // The SDK's default: the shop tells the browser none.
    environment: 'production',
    release: running,
    exception: {
      values: [
        {
          type: 'TypeError',
          value: "Cannot read properties of undefined (reading 'price')",
          stacktrace: {
            frames: [{ filename: '/assets/search-C0ffee00.js', function: 'Results', in_app: true }],
          },
          mechanism: { type: 'onerror', handled: false },
        },
      ],
    },
    request: { url: `${shop.url}/search/milk`, headers: { 'User-Agent': 'Mozilla/5.0' } },
    sdk: { name: 'sentry.javascript.react', version: '10.0.0' },
    tags: { cid: page, page_cid: page, route },
  };
}

describe("a browser's report names the gateway's environment and a route of the shop", () => {
  it('a genuine report goes on as the browser wrote it, with the gateway’s tags beside its own', async () => {
    const sent = genuine('search-results');
    const { postCid, ...forwarded } = await report(sent);
    expect(forwarded).toEqual({
      ...sent,
      tags: {
        ...(sent.tags as object),
        tunnel_cid: postCid,
        tenant: expect.any(String) as unknown,
        shop: 'localhost',
      },
    });
  });

  it.each([
    ['root', 'root'],
    ['home', 'home'],
    ['product', 'product'],
    ['routes/not-found', 'not-found'],
    ['routes/cart-action', 'cart'],
    ['routes/guest-checkout', 'checkout-guest'],
    ['routes/robots[.]txt', 'robots.txt'],
    // Already as the request line names it: a route of the build all the same.
    ['not-found', 'not-found'],
    ['cart', 'cart'],
  ])('the route %s of the build goes on as the request line names it: %s', async (route, named) => {
    const forwarded = await report(genuine(route));
    expect(forwarded.tags.route).toBe(named);
    expect(forwarded.tags).not.toHaveProperty('route_claimed');
  });

  it.each([
    ['no route of the shop', 'admin', 'admin'],
    ['a file of no route', 'routes/admin', 'routes/admin'],
    ['of another case', 'Search-Results', 'Search-Results'],
    ['over-long', 'r'.repeat(500), `${'r'.repeat(64)}…`],
    ['not text', ['home'], '["home"]'],
    ['a property of every object', '__proto__', '__proto__'],
  ])('a route %s goes without one, the claim shown', async (_what, route, shown) => {
    const forwarded = await report({ ...genuine('home'), tags: { route } });
    expect(forwarded.tags).not.toHaveProperty('route');
    expect(forwarded.tags.route_claimed).toBe(shown);
  });

  it.each([
    ['another', 'staging'],
    ['none', undefined],
    ['over-long', 'e'.repeat(5_000)],
    ['not text', { name: 'production' }],
  ])('an environment of %s is the gateway’s, with no claim', async (_what, environment) => {
    const forwarded = await report({ ...genuine('home'), environment });
    expect(forwarded.environment).toBe('production');
    expect(Object.keys(forwarded.tags).filter((name) => name.startsWith('environment'))).toEqual(
      [],
    );
  });

  it('a dist, and tags named as the event’s own fields, do not go on', async () => {
    const sent = genuine('home');
    const forwarded = await report({
      ...sent,
      dist: 'evil',
      tags: { ...(sent.tags as object), release: 'v9.9.9-evil', dist: 'x', environment: 'staging' },
    });
    expect(forwarded).not.toHaveProperty('dist');
    expect(forwarded.release).toBe(running);
    expect(forwarded.environment).toBe('production');
    for (const name of ['release', 'dist', 'environment'])
      expect(forwarded.tags).not.toHaveProperty(name);
  });

  it('the route claim is the gateway’s: one the browser sent does not go on', async () => {
    const forwarded = await report({ ...genuine('home'), tags: { route_claimed: 'x' } });
    expect(forwarded.tags).not.toHaveProperty('route_claimed');
  });
});
