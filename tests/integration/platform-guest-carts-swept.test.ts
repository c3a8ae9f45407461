import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Booking, bookingPaths } from '../../shared/contracts/booking';
import { TokenPair } from '../../shared/contracts/uaa';
import { hashToken } from '../../platform/services/uaa/refresh-tokens';
import { DEMO, startPlatform, type TestPlatform } from '../support/platform';
import { sweepUntil } from '../support/platform-sweep';

// A guest's cart goes once no token can reach it (docs/decisions/0369), on PGlite and on a
// PostgreSQL server (project postgres): with the last token of a session that ended unrenewed, or
// an access token's lifetime after its guest signed in and it was merged. A session that can still
// renew keeps its cart, and an account's cart is never deleted. Before, no cart was ever deleted.
const UAA = '/api/services/uaa/api/v1';
let platform: TestPlatform;
let offerings: string[];

beforeAll(async () => {
  platform = await startPlatform({ seeds: ['core', 'catalogue'] });
  const { rows } = await platform.db.query<{ id: string }>(
    "select id from offerings where tenant_id = 'fresh' and available order by id limit 3",
  );
  offerings = rows.map((row) => row.id);
});
afterAll(async () => platform?.close());

const put = async (token: string, offeringId: string) => {
  const response = await platform.call(bookingPaths.item('fresh'), {
    method: 'PUT',
    token,
    body: { offeringId, quantity: 2, byCase: false },
  });
  expect(response.status, await response.clone().text()).toBe(200);
};
const cartOf = async (token: string) => {
  const response = await platform.call(bookingPaths.cart('fresh'), { token });
  expect(response.status).toBe(200);
  return Booking.parse(await response.json());
};
const refresh = async (refreshToken: string) => {
  const response = await platform.call(`${UAA}/auth/refresh`, {
    method: 'POST',
    body: { refresh_token: refreshToken },
  });
  expect(response.status).toBe(200);
  return TokenPair.parse(await response.json());
};
/** The session (token family) and principal of a refresh token. */
const sessionOf = async (refreshToken: string) =>
  (
    await platform.db.query<{ family: string; principal: string }>(
      `select family_id as family, principal_id as principal from refresh_tokens
       where token_hash = $1`,
      [hashToken(refreshToken)],
    )
  ).rows[0]!;
/** Every token of the session expired 40 days ago, as a session nobody came back to. */
const endLongAgo = (family: string) =>
  platform.db.query(
    `update refresh_tokens set expires_at = now() - interval '40 days' where family_id = $1`,
    [family],
  );
const tokensOf = async (family: string) =>
  (await platform.db.query('select 1 from refresh_tokens where family_id = $1', [family])).rows
    .length;
/** The principal's cart, its lines and whether it was merged; undefined when it has none. */
const storedCart = async (principal: string) =>
  (
    await platform.db.query<{ lines: number; merged: boolean }>(
      `select count(i.uid)::int as lines, c.merged_at is not null as merged
       from carts c left join cart_items i on i.cart_uid = c.uid
       where c.tenant_id = 'fresh' and c.principal_id = $1 group by c.uid`,
      [principal],
    )
  ).rows[0];

describe('the sweep of guest carts', () => {
  it("deletes an abandoned guest's cart with its items, and keeps a renewing guest's and an account's", async () => {
    const abandoned = await platform.guest();
    await put(abandoned.access_token, offerings[0]!);
    await put(abandoned.access_token, offerings[1]!);
    const gone = await sessionOf(abandoned.refresh_token);
    await endLongAgo(gone.family);

    // A guest who came back once: the first token is spent and long past, the new one renews.
    const first = await platform.guest();
    await put(first.access_token, offerings[0]!);
    const renewing = await sessionOf(first.refresh_token);
    const renewed = await refresh(first.refresh_token);
    await platform.db.query(
      `update refresh_tokens set expires_at = now() - interval '40 days' where token_hash = $1`,
      [hashToken(first.refresh_token)],
    );

    const account = await platform.signIn();
    await put(account.access_token, offerings[2]!);
    const shopper = await sessionOf(account.refresh_token);
    await endLongAgo(shopper.family);

    expect(await storedCart(gone.principal)).toEqual({ lines: 2, merged: false });
    await sweepUntil(platform, async () => {
      expect(await storedCart(gone.principal)).toBeUndefined();
      expect(await tokensOf(renewing.family)).toBe(1);
      expect(await tokensOf(shopper.family)).toBe(0);
    });
    const { rows } = await platform.db.query(
      `select 1 from cart_items i where not exists (select 1 from carts c where c.uid = i.cart_uid)`,
    );
    expect(rows).toEqual([]);
    expect(await storedCart(renewing.principal)).toEqual({ lines: 1, merged: false });
    expect((await cartOf((await refresh(renewed.refresh_token)).access_token)).items).toHaveLength(
      1,
    );
    expect(await storedCart(shopper.principal)).toMatchObject({ merged: false });
    expect((await cartOf((await platform.signIn()).access_token)).items).toEqual(
      expect.arrayContaining([expect.objectContaining({ offeringId: offerings[2] })]),
    );
  });

  it("keeps a signed-in guest's merged cart while its tokens may be in use, then deletes it", async () => {
    const guest = await platform.guest();
    await put(guest.access_token, offerings[1]!);
    const { principal } = await sessionOf(guest.refresh_token);
    const signedIn = await platform.call(`${UAA}/auth/sign-in`, {
      method: 'POST',
      body: { ...DEMO, guest_refresh_token: guest.refresh_token },
    });
    expect(signedIn.status).toBe(200);
    const account = TokenPair.parse(await signedIn.json());
    // A sweep right after the sign-in (done once it has reached the cart change keys, swept after
    // the carts): a change the guest's tab sent before it still meets the merged cart (ADR 0323).
    await platform.db.query(
      `insert into cart_change_keys (tenant_id, account_id, idempotency_key, request, answer, created_at)
       values ('fresh', 'acc-fresh-demo', 'key-of-two-days-ago', 'digest', '{}', now() - interval '2 days')`,
    );
    await sweepUntil(platform, async () => {
      const { rows } = await platform.db.query(
        `select 1 from cart_change_keys where idempotency_key = 'key-of-two-days-ago'`,
      );
      expect(rows).toEqual([]);
    });
    expect(await storedCart(principal)).toEqual({ lines: 0, merged: true });
    const late = await platform.call(bookingPaths.item('fresh'), {
      method: 'PUT',
      token: guest.access_token,
      body: { offeringId: offerings[0], quantity: 1, byCase: false },
    });
    expect(late.status).toBe(409);

    await platform.db.query(
      `update carts set merged_at = now() - make_interval(secs => $2::int)
       where tenant_id = 'fresh' and principal_id = $1`,
      [principal, platform.config.accessTokenTtl + platform.config.refreshReuseWindowSeconds + 60],
    );
    await sweepUntil(platform, async () => expect(await storedCart(principal)).toBeUndefined());
    expect((await cartOf(account.access_token)).items).toEqual(
      expect.arrayContaining([expect.objectContaining({ offeringId: offerings[1] })]),
    );
  });
});
