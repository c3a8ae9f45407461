import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Booking, bookingPaths } from '../../shared/contracts/booking';
import { listPaths, ToCartResult } from '../../shared/contracts/lists';
import { DeliverySlotList, orderPaths } from '../../shared/contracts/orders';
import { startPlatform, type TestPlatform } from '../support/platform';

// A guest's cart merged at sign-in into an account's cart as large as the ceiling allows
// (docs/decisions/0314): every line of both is kept, even beyond 300; every line of it can still
// change, a new one cannot join; the quote and placing say the order is too large until lines go;
// a merge beyond two full carts is refused, with the sign-in, and nothing is lost.
let platform: TestPlatform;
let offerings: string[];

beforeAll(async () => {
  platform = await startPlatform();
  const { rows } = await platform.db.query<{ id: string }>(
    "select id from offerings where tenant_id = 'fresh' and available order by id limit 402",
  );
  offerings = rows.map((r) => r.id);
});
afterAll(() => platform.close());

const readCart = async (token: string) => {
  const response = await platform.call(bookingPaths.cart('fresh'), { token });
  expect(response.status).toBe(200);
  return Booking.parse(await response.json());
};
/** One item of each offering, in one unit, written straight into the cart's table. */
async function fill(token: string, ids: readonly string[], byCase: boolean, quantity = 1) {
  const cart = await readCart(token);
  await platform.db.query(
    `insert into cart_items (uid, cart_uid, offering_id, quantity, by_case)
     select gen_random_uuid()::text, $1, id, $3, $4 from unnest($2::text[]) as id`,
    [cart.uid, ids, quantity, byCase],
  );
}
const signIn = (guestRefreshToken: string) =>
  platform.call('/api/services/uaa/api/v1/auth/sign-in', {
    method: 'POST',
    body: {
      email: 'shopper@example.com',
      password: 'demo1234',
      guest_refresh_token: guestRefreshToken,
    },
  });
const put = (token: string, offeringId: string, quantity: number, byCase = false) =>
  platform.call(bookingPaths.item('fresh'), {
    method: 'PUT',
    token,
    body: { offeringId, quantity, byCase },
  });
const errorOf = async (response: Response) => ({
  status: response.status,
  ...((await response.json()) as { error: { code: string; message: string } }).error,
});

describe("a guest's cart merged into a full account cart", () => {
  let token: string;

  it('keeps every line of both, beyond 300, quantities of a line in both summed', async () => {
    const account = await platform.signIn('fresh');
    await fill(account.access_token, offerings.slice(0, 200), false, 2);
    const guest = await platform.guest('fresh');
    await fill(guest.access_token, offerings.slice(0, 200), true);
    await fill(guest.access_token, offerings.slice(0, 1), false, 3);

    const response = await signIn(guest.refresh_token);
    expect(response.status).toBe(200);
    token = ((await response.json()) as { access_token: string }).access_token;
    const cart = await readCart(token);
    expect(cart.items).toHaveLength(400);
    expect(cart.items.filter((i) => i.byCase)).toHaveLength(200);
    expect(cart.items.find((i) => i.offeringId === offerings[0] && !i.byCase)?.quantity).toBe(5);
  });

  it('lets every line of it change, and refuses a new line', async () => {
    expect((await put(token, offerings[1]!, 1)).status).toBe(200);
    expect((await put(token, offerings[1]!, 4)).status).toBe(200);
    expect((await put(token, offerings[2]!, 3, true)).status).toBe(200);
    expect(await errorOf(await put(token, offerings[300]!, 1))).toMatchObject({
      status: 400,
      message: 'A cart holds at most 300 lines',
    });
    const cart = await readCart(token);
    expect(cart.items).toHaveLength(400);
    expect(cart.items.find((i) => i.offeringId === offerings[1] && !i.byCase)?.quantity).toBe(4);
  });

  it('adds a list to the lines it holds, naming the new ones it has no room for', async () => {
    const created = await platform.call(listPaths.lists, {
      method: 'POST',
      token,
      body: { name: 'Weekly' },
    });
    const listId = ((await created.json()) as { id: string }).id;
    for (const offeringId of [offerings[3]!, offerings[301]!]) {
      const added = await platform.call(listPaths.items(listId), {
        method: 'POST',
        token,
        body: { offeringId, quantity: 2 },
      });
      expect(added.status).toBe(201);
    }
    const filled = await platform.call(listPaths.toCart(listId), { method: 'POST', token });
    const result = ToCartResult.parse(await filled.json());
    expect(result.added).toBe(1);
    expect(result.notAdded).toMatchObject([{ offeringId: offerings[301], reason: 'cart_full' }]);
    expect(
      result.booking.items.find((i) => i.offeringId === offerings[3] && !i.byCase),
    ).toMatchObject({ quantity: 4 });
  });

  it('is refused by the quote and by placing as too large an order, saying by how many lines', async () => {
    const tooLarge = {
      status: 400,
      code: 'order_too_large',
      message: 'This order is too large: it has 400 lines, at most 300 are allowed',
    };
    const quote = await platform.call(orderPaths.quote, { method: 'POST', token, body: {} });
    expect(await errorOf(quote)).toMatchObject(tooLarge);
    const slots = DeliverySlotList.parse(
      await (await platform.call(orderPaths.deliverySlots, { token })).json(),
    );
    const order = {
      addressId: 'adr-fresh-demo-home',
      paymentMethodId: 'pm-fresh-demo-visa',
      slotId: slots.items.find((slot) => slot.available)!.id,
    };
    const placed = await platform.call(orderPaths.orders, { method: 'POST', token, body: order });
    expect(await errorOf(placed)).toMatchObject(tooLarge);
    expect((await readCart(token)).items).toHaveLength(400);
  });

  it('refuses a further merge beyond two full carts, and the sign-in with it: nothing is lost', async () => {
    const guest = await platform.guest('fresh');
    await fill(guest.access_token, offerings.slice(200, 401), false);
    const refused = await signIn(guest.refresh_token);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      error: 'cart_too_large',
      error_description:
        "Signing in would put 601 lines in your account's cart, more than the 600 it can hold: remove at least 1 line from this cart, then sign in",
    });
    expect((await readCart(guest.access_token)).items).toHaveLength(201);
    expect((await readCart(token)).items).toHaveLength(400);

    await put(guest.access_token, offerings[400]!, 0);
    expect((await signIn(guest.refresh_token)).status).toBe(200);
    expect((await readCart(token)).items).toHaveLength(600);
  });

  it('lets any of its lines go at once, and can be ordered once back within 300 lines', async () => {
    const cart = await readCart(token);
    const removed = await platform.call(bookingPaths.items('fresh'), {
      method: 'DELETE',
      token,
      body: { items: cart.items.slice(50).map((item) => ({ uid: item.uid })) },
    });
    expect(removed.status).toBe(200);
    expect(Booking.parse(await removed.json()).items).toHaveLength(50);
    expect(
      (await platform.call(orderPaths.quote, { method: 'POST', token, body: {} })).status,
    ).toBe(200);
  });
});
