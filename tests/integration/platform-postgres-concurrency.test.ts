import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Booking, bookingPaths } from '../../shared/contracts/booking';
import {
  DeliveryAddressList,
  PaymentMethodList,
  profilePaths,
} from '../../shared/contracts/profile';
import { uaaPaths } from '../../shared/contracts/uaa';
import { DEMO, startPlatform, type TestPlatform } from '../support/platform';
import { TEST_DATABASE_URL } from '../support/platform-postgres';
import { address, card } from './platform-profile-support';

// Requests of one shopper at the same time, on a PostgreSQL server (the `postgres` project gives
// TEST_DATABASE_URL): PGlite runs one transaction at a time, so there they cannot meet. Each case
// repeats a race a few times; before docs/decisions/0306 every one of them failed (500s, or
// addresses without a default) within its rounds.
const title = TEST_DATABASE_URL
  ? 'concurrent requests of one shopper on PostgreSQL'
  : 'concurrent requests of one shopper (skipped: PostgreSQL only, project postgres)';
const ROUNDS = 10;

describe.skipIf(!TEST_DATABASE_URL)(title, () => {
  let platform: TestPlatform;
  let offerings: string[];
  let accountSeq = 0;

  beforeAll(async () => {
    platform = await startPlatform();
    const { rows } = await platform.db.query<{ id: string }>(
      "select id from offerings where tenant_id = 'fresh' and available order by id limit 5",
    );
    offerings = rows.map((r) => r.id);
  });
  afterAll(() => platform?.close());

  /** A new activated shopper of `fresh`; their access token. */
  async function newShopper(): Promise<string> {
    const id = `acc-concurrency-${++accountSeq}`;
    await platform.db.query(
      `insert into accounts (id, tenant_id, email, login, password_hash, first_name, last_name, activated)
       values ($1, 'fresh', $2, $2, 'x', 'Pat', 'Profile', true)`,
      [id, `${id}@example.com`],
    );
    return platform.tokenFor({ principalId: id, accountId: id, tenantId: 'fresh' });
  }
  const send = async (path: string, token: string, method: string, body?: unknown) => {
    const response = await platform.call(path, { method, token, body });
    return { status: response.status, body: (await response.json().catch(() => null)) as unknown };
  };
  const addresses = async (token: string) =>
    DeliveryAddressList.parse((await send(profilePaths.addresses, token, 'GET')).body).items;
  const cards = async (token: string) =>
    PaymentMethodList.parse((await send(profilePaths.paymentMethods, token, 'GET')).body).items;
  const defaults = (entries: readonly { isDefault: boolean }[]) =>
    entries.filter((e) => e.isDefault).length;

  it('two addresses added as the default at once: both 201, one default', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const token = await newShopper();
      const added = await Promise.all(
        [1, 2, 3].map((i) =>
          send(profilePaths.addresses, token, 'POST', address(`${i} Main St`, true)),
        ),
      );
      expect(added.map((a) => a.status)).toEqual([201, 201, 201]);
      expect(defaults(await addresses(token))).toBe(1);
    }
  });

  it('first addresses added at once (none says default): both 201, one default', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const token = await newShopper();
      const added = await Promise.all(
        [1, 2, 3].map((i) => send(profilePaths.addresses, token, 'POST', address(`${i} Main St`))),
      );
      expect(added.map((a) => a.status)).toEqual([201, 201, 201]);
      expect(defaults(await addresses(token))).toBe(1);
    }
  });

  it('cards added and made the default at once: no 500, one default', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const token = await newShopper();
      const added = await Promise.all(
        [0, 1, 2].map(() =>
          send(
            profilePaths.paymentMethods,
            token,
            'POST',
            card('4242424242424242', { isDefault: true }),
          ),
        ),
      );
      expect(added.map((a) => a.status)).toEqual([201, 201, 201]);
      const ids = (await cards(token)).map((c) => c.id);
      const made = await Promise.all(
        ids.map((id) => send(profilePaths.paymentMethod(id), token, 'PUT', { isDefault: true })),
      );
      expect(made.map((m) => m.status)).toEqual([200, 200, 200]);
      expect(defaults(await cards(token))).toBe(1);
    }
  });

  it('deleting the default address and the next oldest at once leaves a default', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const token = await newShopper();
      const ids: string[] = [];
      for (const line1 of ['1 Main St', '2 Main St', '3 Main St']) {
        const added = await send(profilePaths.addresses, token, 'POST', address(line1));
        ids.push((added.body as { id: string }).id);
      }
      // The first added is the default; the second would inherit the flag.
      const deleted = await Promise.all(
        ids.slice(0, 2).map((id) => send(profilePaths.address(id), token, 'DELETE')),
      );
      expect(deleted.map((d) => d.status)).toEqual([204, 204]);
      expect(await addresses(token)).toMatchObject([{ id: ids[2], isDefault: true }]);
    }
  });

  it('a guest signs in while another tab changes the account cart: no deadlock', async () => {
    const account = await platform.signIn();
    const cartPath = bookingPaths.cart('fresh');
    for (let round = 0; round < ROUNDS; round++) {
      const guest = await platform.guest();
      for (const offeringId of offerings) {
        const put = await send(bookingPaths.item('fresh'), guest.access_token, 'PUT', {
          offeringId,
          quantity: 1,
          byCase: false,
        });
        expect(put.status).toBe(200);
      }
      await send(bookingPaths.notes('fresh'), guest.access_token, 'PUT', {
        notes: [`guest ${round}`],
      });
      // Two other tabs of the account keep changing its cart until the sign-in is answered.
      let signedIn = false;
      const tab = async (start: number) => {
        const statuses: number[] = [];
        for (let i = start; !signedIn; i++) {
          const put = await send(bookingPaths.item('fresh'), account.access_token, 'PUT', {
            offeringId: offerings[i % offerings.length],
            quantity: 1 + (i % 5),
            byCase: false,
          });
          statuses.push(put.status);
        }
        return statuses;
      };
      const tabs = [tab(0), tab(2)];
      const signIn = await send(uaaPaths.signIn, '', 'POST', {
        email: DEMO.email,
        password: DEMO.password,
        guest_refresh_token: guest.refresh_token,
      });
      signedIn = true;
      expect(signIn.status).toBe(200);
      expect(new Set((await Promise.all(tabs)).flat())).toEqual(new Set([200]));
      const cart = Booking.parse((await send(cartPath, account.access_token, 'GET')).body);
      expect(cart.notes).toContain(`guest ${round}`);
    }
  });

  it('a deadlock that still happens is a 409 to retry, not a 500', async () => {
    const token = await newShopper();
    const [offeringId] = offerings;
    const item = { offeringId, quantity: 1, byCase: false };
    const first = await send(bookingPaths.item('fresh'), token, 'PUT', item);
    const cartUid = (first.body as Booking).uid;
    // Another transaction locks the item, then the cart: the opposite order of a cart change.
    let answered: Promise<{ status: number; body: unknown }> | undefined;
    await platform.db.transaction(async (tx) => {
      // The PUT's session runs the deadlock check (after 1 s) and is the one rolled back.
      await tx.query("set local deadlock_timeout = '10s'");
      await tx.query('update cart_items set quantity = quantity where cart_uid = $1', [cartUid]);
      answered = send(bookingPaths.item('fresh'), token, 'PUT', { ...item, quantity: 2 });
      for (let waited = 0; waited < 5000; waited += 20) {
        const { rows } = await platform.db.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
        );
        if (rows[0]!.n > 0) break;
        await sleep(20);
      }
      await tx.query('update carts set notes = notes where uid = $1', [cartUid]);
    });
    const answer = await answered!;
    expect(answer).toMatchObject({ status: 409, body: { error: { code: 'conflict' } } });
  });
});
