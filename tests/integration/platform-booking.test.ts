import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Booking, bookingPaths } from '../../shared/contracts/booking';
import { startPlatform, TENANTS, type TestPlatform } from '../support/platform';

// booking-ms over real HTTP against a seeded reference platform (calls 3-6 of the specification,
// notes, concurrency, access rules, guest merge at sign-in).
let platform: TestPlatform;
let offerings: string[];

beforeAll(async () => {
  platform = await startPlatform({ seeds: ['core', 'catalogue'] });
  const { rows } = await platform.db.query<{ id: string }>(
    "select id from offerings where tenant_id = 'fresh' and available order by id limit 30",
  );
  offerings = rows.map((r) => r.id);
});
afterAll(() => platform.close());

let guestCount = 0;
const guestToken = () =>
  platform.tokenFor({
    principalId: `guest:test-${++guestCount}`,
    accountId: null,
    tenantId: 'fresh',
  });

async function booking(response: Response): Promise<Booking> {
  expect(response.status, await response.clone().text()).toBe(200);
  return Booking.parse(await response.json());
}
const put = (token: string, body: unknown, query = '') =>
  platform.call(bookingPaths.item('fresh') + query, { method: 'PUT', token, body });

describe('the cart of a principal', () => {
  it('starts empty, with a stable uid', async () => {
    const token = await guestToken();
    const first = await booking(await platform.call(bookingPaths.cart('fresh'), { token }));
    expect(first.items).toEqual([]);
    expect(first.notes).toEqual([]);
    const again = await booking(await platform.call(bookingPaths.cart('fresh'), { token }));
    expect(again.uid).toBe(first.uid);
  });

  it('keeps a single and a case of one offering as two items, sets absolute quantities, 0 removes', async () => {
    const token = await guestToken();
    const o = offerings[0]!;
    await put(token, { offeringId: o, quantity: 2, byCase: false });
    let cart = await booking(await put(token, { offeringId: o, quantity: 1, byCase: true }));
    expect(cart.items.map((i) => [i.offeringId, i.quantity, i.byCase])).toEqual([
      [o, 2, false],
      [o, 1, true],
    ]);
    const singleUid = cart.items[0]!.uid;
    cart = await booking(await put(token, { offeringId: o, quantity: 5, byCase: false }));
    expect(cart.items.find((i) => !i.byCase)).toMatchObject({ uid: singleUid, quantity: 5 });
    cart = await booking(await put(token, { offeringId: o, quantity: 0, byCase: true }));
    expect(cart.items).toEqual([{ uid: singleUid, offeringId: o, quantity: 5, byCase: false }]);
  });

  it('substitutes an item with substItemUid, in its place', async () => {
    const token = await guestToken();
    for (const o of offerings.slice(0, 3))
      await put(token, { offeringId: o, quantity: 3, byCase: false });
    let cart = await booking(await platform.call(bookingPaths.cart('fresh'), { token }));
    const middle = cart.items[1]!.uid;
    cart = await booking(
      await put(
        token,
        { offeringId: offerings[5], quantity: 2, byCase: true },
        `?substItemUid=${middle}`,
      ),
    );
    expect(cart.items.map((i) => [i.offeringId, i.quantity, i.byCase])).toEqual([
      [offerings[0], 3, false],
      [offerings[5], 2, true],
      [offerings[2], 3, false],
    ]);
    const missing = await put(
      token,
      { offeringId: offerings[2], quantity: 1, byCase: false },
      '?substItemUid=nope',
    );
    expect(missing.status).toBe(404);
  });

  it('removes one item and several items', async () => {
    const token = await guestToken();
    for (const o of offerings.slice(0, 4))
      await put(token, { offeringId: o, quantity: 1, byCase: false });
    let cart = await booking(await platform.call(bookingPaths.cart('fresh'), { token }));
    const [a, b, c, d] = cart.items.map((i) => i.uid);
    cart = await booking(
      await platform.call(`${bookingPaths.item('fresh')}?bookingItemUid=${a}`, {
        method: 'DELETE',
        token,
      }),
    );
    expect(cart.items.map((i) => i.uid)).toEqual([b, c, d]);
    // Generic clients send a JSON content type on body-less calls too.
    const unknown = await platform.call(`${bookingPaths.item('fresh')}?bookingItemUid=${a}`, {
      method: 'DELETE',
      token,
      headers: { 'content-type': 'application/json' },
    });
    expect(unknown.status).toBe(404);
    cart = await booking(
      await platform.call(bookingPaths.items('fresh'), {
        method: 'DELETE',
        token,
        body: { items: [{ uid: b }, { uid: d }] },
      }),
    );
    expect(cart.items.map((i) => i.uid)).toEqual([c]);
  });

  it('stores notes, and lastUpdate advances on every change', async () => {
    const token = await guestToken();
    const empty = await booking(await platform.call(bookingPaths.cart('fresh'), { token }));
    expect(empty.lastUpdate).toBeNull();
    const one = await booking(
      await put(token, { offeringId: offerings[0], quantity: 1, byCase: false }),
    );
    const two = await booking(
      await platform.call(bookingPaths.notes('fresh'), {
        method: 'PUT',
        token,
        body: { notes: ['Ring twice'] },
      }),
    );
    const three = await booking(
      await put(token, { offeringId: offerings[0], quantity: 2, byCase: false }),
    );
    expect(two.notes).toEqual(['Ring twice']);
    expect(Date.parse(two.lastUpdate!)).toBeGreaterThan(Date.parse(one.lastUpdate!));
    expect(Date.parse(three.lastUpdate!)).toBeGreaterThan(Date.parse(two.lastUpdate!));
  });

  it('loses nothing under 20 parallel PUTs, and parallel PUTs of one offering leave one row', async () => {
    const token = await guestToken();
    const twenty = offerings.slice(0, 20);
    const answers = await Promise.all(
      twenty.map((o, n) => put(token, { offeringId: o, quantity: n + 1, byCase: false })),
    );
    expect(answers.map((r) => r.status)).toEqual(twenty.map(() => 200));
    let cart = await booking(await platform.call(bookingPaths.cart('fresh'), { token }));
    expect(new Map(cart.items.map((i) => [i.offeringId, i.quantity]))).toEqual(
      new Map(twenty.map((o, n) => [o, n + 1])),
    );
    await Promise.all(
      [1, 2, 3, 4, 5, 6, 7, 8].map((q) =>
        put(token, { offeringId: offerings[25], quantity: q, byCase: true }),
      ),
    );
    cart = await booking(await platform.call(bookingPaths.cart('fresh'), { token }));
    expect(cart.items.filter((i) => i.offeringId === offerings[25])).toHaveLength(1);
  });
});

describe('access and validation', () => {
  it("needs a token (401) and the token's own shop (403)", async () => {
    expect((await platform.call(bookingPaths.cart('fresh'))).status).toBe(401);
    const token = await guestToken();
    const other = await platform.call(bookingPaths.cart('harbour'), { token });
    expect(other.status).toBe(403);
    const otherPut = await platform.call(bookingPaths.item('harbour'), {
      method: 'PUT',
      token,
      body: { offeringId: offerings[0], quantity: 1, byCase: false },
    });
    expect(otherPut.status).toBe(403);
  });

  it('refuses unknown, foreign and unavailable offerings with a 400 and a message', async () => {
    const token = await guestToken();
    const unknown = await put(token, { offeringId: 'off-nope', quantity: 1, byCase: false });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error.message).toMatch(/Unknown offering/);
    const foreign = await put(token, {
      offeringId: 'off-harbour-prd-0001',
      quantity: 1,
      byCase: false,
    });
    expect(foreign.status).toBe(400);
    const { rows } = await platform.db.query<{ id: string }>(
      "select id from offerings where tenant_id = 'fresh' and not available limit 1",
    );
    const unavailable = await put(token, { offeringId: rows[0]!.id, quantity: 1, byCase: false });
    expect((await unavailable.json()).error.message).toMatch(/not available/);
  });

  it('answers bad bodies and queries with a 400 naming the field, never a 500', async () => {
    const token = await guestToken();
    const cases: Response[] = [
      await put(token, { offeringId: offerings[0], quantity: -1, byCase: false }),
      await put(token, { offeringId: offerings[0], quantity: 1.5, byCase: 'yes' }),
      await put(token, 'not json at all'),
      await platform.call(bookingPaths.item('fresh'), {
        method: 'PUT',
        token,
        headers: { 'content-type': 'application/json' },
        body: undefined,
      }),
      await platform.call(bookingPaths.item('fresh'), { method: 'DELETE', token }),
      await platform.call(bookingPaths.items('fresh'), {
        method: 'DELETE',
        token,
        body: { items: [] },
      }),
      await platform.call(bookingPaths.notes('fresh'), {
        method: 'PUT',
        token,
        body: { notes: 'x' },
      }),
    ];
    for (const response of cases) {
      expect(response.status).toBe(400);
      expect((await response.json()).error.message).toEqual(expect.any(String));
    }
    const quantity = await put(token, { offeringId: offerings[0], quantity: -1, byCase: false });
    expect((await quantity.json()).error.message).toMatch(/quantity/);
  });

  it('bounds a cart to 300 lines with a 400, while existing lines still change', async () => {
    const token = await guestToken();
    const cart = await booking(
      await put(token, { offeringId: offerings[0], quantity: 1, byCase: false }),
    );
    await platform.db.query(
      `insert into cart_items (uid, cart_uid, offering_id, quantity, by_case)
       select 'bulk-' || id, $1, id, 1, true from offerings where tenant_id = 'fresh' order by id limit 299`,
      [cart.uid],
    );
    const full = await put(token, { offeringId: offerings[1], quantity: 1, byCase: false });
    expect(full.status).toBe(400);
    expect((await full.json()).error.message).toMatch(/at most 300/);
    expect(
      (await put(token, { offeringId: offerings[0], quantity: 4, byCase: false })).status,
    ).toBe(200);
  });
});

describe('guest to customer', () => {
  it('merges the guest cart into the account cart at sign-in, summing quantities', async () => {
    const account = await platform.signIn('fresh');
    await put(account.access_token, { offeringId: offerings[0], quantity: 2, byCase: false });
    const guest = await platform.guest('fresh');
    await put(guest.access_token, { offeringId: offerings[0], quantity: 3, byCase: false });
    await put(guest.access_token, { offeringId: offerings[1], quantity: 1, byCase: true });
    const response = await platform.call('/api/services/uaa/api/v1/auth/sign-in', {
      method: 'POST',
      body: {
        email: 'shopper@example.com',
        password: 'demo1234',
        guest_refresh_token: guest.refresh_token,
      },
    });
    expect(response.status).toBe(200);
    const { access_token } = (await response.json()) as { access_token: string };
    const cart = await booking(
      await platform.call(bookingPaths.cart(TENANTS.fresh.id), { token: access_token }),
    );
    expect(cart.items.map((i) => [i.offeringId, i.quantity, i.byCase])).toEqual(
      expect.arrayContaining([
        [offerings[0], 5, false],
        [offerings[1], 1, true],
      ]),
    );
    // The guest cart is kept empty, marked merged (docs/decisions/0323).
    const { rows } = await platform.db.query(
      `select count(i.uid)::int as lines, bool_and(c.merged_at is not null) as merged
         from carts c left join cart_items i on i.cart_uid = c.uid where c.principal_id = $1`,
      [
        ((await platform.app.signer.verify(guest.access_token)) as { principalId: string })
          .principalId,
      ],
    );
    expect(rows[0]).toEqual({ lines: 0, merged: true });
  });
});
