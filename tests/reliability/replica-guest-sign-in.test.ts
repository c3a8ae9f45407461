import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/nginx';
import { DEMO, startPlatform, type TestPlatform } from '../support/platform';
import { startGatewayProcess, type NodeProcess } from '../support/processes';
import { startRedis, type TestRedis } from '../support/redis';

// A guest's cart survives a sign-in that lands on another replica than the one that just renewed
// the guest's session (docs/decisions/0220). The guest's add to cart reaches replica A, which
// renews first (the access token inside the 60 s margin): uaa rotates the guest's refresh token.
// The sign-in left the browser with the old cookies at the same time and reaches replica B. uaa
// merges only a live guest token; before, B knew nothing of A's renewal (the refresher's memo is
// in-process) and named the spent one, and the guest's lines were lost. Now B reads the renewal
// A shared through Redis. Two production gateway processes (dist/server/main.js, `npm run
// build`), addressed directly with the balancer's forwarded headers so the test picks the replica.
let platform: TestPlatform;
let redis: TestRedis;
let gateways: NodeProcess[];
let publicPort: number;

beforeAll(async () => {
  [platform, redis, publicPort] = await Promise.all([startPlatform(), startRedis(), freePort()]);
  gateways = await Promise.all(
    [0, 1].map(() =>
      startGatewayProcess(platform.url, {
        TRUST_PROXY: '127.0.0.1',
        PUBLIC_PORTS: String(publicPort),
        COOKIE_SECURE: 'false',
        REDIS_URL: redis.url,
      }),
    ),
  );
}, 120_000);
afterAll(async () => {
  await Promise.all((gateways ?? []).map((gateway) => gateway.stop()));
  await Promise.all([platform?.close(), redis?.close()]);
});

const cookiesOf = (r: Response) =>
  Object.fromEntries(
    r.headers.getSetCookie().map((l) => l.split(';')[0]!.split('=') as [string, string]),
  );
const claims = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as {
    sub: string;
    sid: string;
  };
const CART = '/api/services/booking-ms/api/v1/bookings/cart/tenant/fresh';

describe('a guest signs in on another replica than the one that renewed the guest session', () => {
  it("merges the guest's cart lines into the account's cart", async () => {
    const [a, b] = gateways as [NodeProcess, NodeProcess];
    // What the balancer sends along: one shop origin whichever replica answers.
    const shop = `http://localhost:${publicPort}`;
    const write = {
      'x-forwarded-host': `localhost:${publicPort}`,
      'x-forwarded-proto': 'http',
      'x-csrf': '1',
      origin: shop,
    };
    const { rows } = await platform.db.query<{ id: string }>(
      "select id from offerings where tenant_id = 'fresh' and available order by id desc limit 1",
    );
    const offeringId = rows[0]!.id;
    const guest = cookiesOf(await fetch(`${a.url}/auth/guest`, { method: 'POST', headers: write }));
    expect(guest.refresh_token).toBeTruthy();
    const { sub, sid } = claims(guest.access_token!);
    const expiring = await platform.app.signer.sign(
      { principalId: sub, accountId: null, tenantId: 'fresh', sessionId: sid },
      30,
    );
    const oldCookie = `access_token=${expiring}; refresh_token=${guest.refresh_token}`;

    const put = await fetch(`${a.url}${CART}/item`, {
      method: 'PUT',
      headers: { ...write, 'content-type': 'application/json', cookie: oldCookie },
      body: JSON.stringify({ offeringId, quantity: 2, byCase: false }),
    });
    expect(put.status).toBe(200);
    // Replica A renewed: the guest's refresh token was rotated.
    const renewed = cookiesOf(put).refresh_token;
    expect(renewed).toBeTruthy();
    expect(renewed).not.toBe(guest.refresh_token);

    const signIn = await fetch(`${b.url}/auth/sign-in`, {
      method: 'POST',
      headers: { ...write, 'content-type': 'application/json', cookie: oldCookie },
      body: JSON.stringify(DEMO),
    });
    expect(signIn.status).toBe(200);
    const account = cookiesOf(signIn);
    const cart = await fetch(`${b.url}${CART}`, {
      headers: {
        ...write,
        cookie: `access_token=${account.access_token}; refresh_token=${account.refresh_token}`,
      },
    });
    expect(cart.status).toBe(200);
    const items = ((await cart.json()) as { items: { offeringId: string }[] }).items;
    expect(items.map((i) => i.offeringId)).toContain(offeringId);
  });
});
