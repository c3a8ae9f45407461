import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Booking, bookingPaths } from '../../shared/contracts/booking';
import { uaaPaths, type TokenPair } from '../../shared/contracts/uaa';
import type { Queryable } from '../../platform/db/db';
import { DEMO, startPlatform, type TestPlatform } from '../support/platform';
import { TEST_DATABASE_URL } from '../support/platform-postgres';

// A guest's other tab changes the cart while the guest signs in (docs/decisions/0323), on a
// PostgreSQL server (the `postgres` project; PGlite runs one transaction at a time, where the same
// race needs a change checked before the sign-in and run after it). The change is merged into the
// account's cart, or refused with a 409: never a 500, never a line in a guest cart no one reads.
// A transaction of the test holds a lock so that the requests meet in the order each case needs.
const title = TEST_DATABASE_URL
  ? 'a guest cart change meeting the sign-in, on PostgreSQL'
  : 'a guest cart change meeting the sign-in (skipped: PostgreSQL only, project postgres)';

describe.skipIf(!TEST_DATABASE_URL)(title, () => {
  let platform: TestPlatform;
  let offerings: string[];

  beforeAll(async () => {
    platform = await startPlatform();
    const { rows } = await platform.db.query<{ id: string }>(
      "select id from offerings where tenant_id = 'fresh' and available order by id limit 2",
    );
    offerings = rows.map((r) => r.id);
  });
  afterAll(() => platform?.close());

  const send = async (path: string, token: string, method: string, body?: unknown) => {
    const response = await platform.call(path, { method, token, body });
    return { status: response.status, body: (await response.json().catch(() => null)) as unknown };
  };
  const put = (token: string, offeringId: string, quantity: number) =>
    send(bookingPaths.item('fresh'), token, 'PUT', { offeringId, quantity, byCase: false });
  const signIn = (guest: TokenPair) =>
    send(uaaPaths.signIn, '', 'POST', { ...DEMO, guest_refresh_token: guest.refresh_token });
  /** Until `count` statements wait for a lock (or 5 s). */
  const lockWaiters = async (count: number) => {
    for (let waited = 0; waited < 5000; waited += 20) {
      const { rows } = await platform.db.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if (rows[0]!.n >= count) return;
      await sleep(20);
    }
  };
  const principalOf = async (token: string) =>
    ((await platform.app.signer.verify(token)) as { principalId: string }).principalId;
  /** The lines of every guest cart (each guest's cart, merged or not, should have none). */
  const guestLines = async (principalId: string) =>
    (
      await platform.db.query<{ n: number }>(
        `select count(*)::int as n from cart_items i join carts c on c.uid = i.cart_uid
          where c.principal_id = $1`,
        [principalId],
      )
    ).rows[0]!.n;
  /** The demo account's cart, emptied, and its quantity of `offeringId` read back later. */
  async function accountCart() {
    const account = await platform.signIn();
    const cart = Booking.parse(
      (await send(bookingPaths.cart('fresh'), account.access_token, 'GET')).body,
    );
    await platform.db.query('delete from cart_items where cart_uid = $1', [cart.uid]);
    return {
      uid: cart.uid,
      quantityOf: async (offeringId: string) => {
        const now = Booking.parse(
          (await send(bookingPaths.cart('fresh'), account.access_token, 'GET')).body,
        );
        return now.items.find((item) => item.offeringId === offeringId)?.quantity ?? 0;
      },
    };
  }
  const expectKeptOrRefused = async (
    change: { status: number; body: unknown },
    account: Awaited<ReturnType<typeof accountCart>>,
    guest: TokenPair,
  ) => {
    expect([200, 409]).toContain(change.status);
    if (change.status === 409)
      expect(change.body).toMatchObject({ error: { code: 'conflict', message: /signed in/ } });
    expect(await account.quantityOf(offerings[1]!)).toBe(change.status === 200 ? 3 : 0);
    expect(await guestLines(await principalOf(guest.access_token))).toBe(0);
  };

  it('a change waiting for the guest cart while the sign-in merges it: refused, not a 500', async () => {
    const account = await accountCart();
    const guest = await platform.guest();
    await put(guest.access_token, offerings[0]!, 1);
    let signedIn: Promise<{ status: number }> | undefined;
    let change: Promise<{ status: number; body: unknown }> | undefined;
    // The account's cart held: the sign-in stops in the merge, the guest cart locked.
    await platform.db.transaction(async (tx: Queryable) => {
      await tx.query('select 1 from carts where uid = $1 for update', [account.uid]);
      signedIn = signIn(guest);
      await lockWaiters(1);
      // Checked before the sign-in commits: the session is still open; it waits for the cart.
      change = put(guest.access_token, offerings[1]!, 3);
      await lockWaiters(2);
    });
    expect((await signedIn!).status).toBe(200);
    await expectKeptOrRefused(await change!, account, guest);
    expect(await account.quantityOf(offerings[0]!)).toBe(1);
  });

  it("a guest's first change, checked before the sign-in and run after it: not in a new guest cart", async () => {
    const account = await accountCart();
    const guest = await platform.guest();
    const principal = await principalOf(guest.access_token);
    let signedIn: Promise<{ status: number }> | undefined;
    let change: Promise<{ status: number; body: unknown }> | undefined;
    // A cart row of the guest, not yet committed: the change's insert of the cart waits for it.
    await platform.db.transaction(async (tx: Queryable) => {
      await tx.query(
        "insert into carts (uid, tenant_id, principal_id) values ('held-by-test', 'fresh', $1)",
        [principal],
      );
      change = put(guest.access_token, offerings[1]!, 3);
      await lockWaiters(1);
      signedIn = signIn(guest);
      // The sign-in commits (before 0323), or waits for the same cart row.
      await Promise.race([signedIn, lockWaiters(2)]);
      await tx.query("delete from carts where uid = 'held-by-test'");
    });
    expect((await signedIn!).status).toBe(200);
    await expectKeptOrRefused(await change!, account, guest);
  });
});
