import { describe, expect, it } from 'vitest';
import { guestOrderPaths } from '../../shared/contracts/guest-orders';
import { DeliverySlotList, OrderDetail, orderPaths } from '../../shared/contracts/orders';
import { DeliveryAddress, profilePaths } from '../../shared/contracts/profile';
import {
  addToCart,
  newShopper,
  orders,
  postOrder,
  startOrdersPlatform,
} from './platform-orders-support';

// The platform is the authority on where a shop delivers (ADR 0340): an address saved or ordered
// to has a postcode of its country's shape and a country the shop delivers to, else a 400 that
// names the field; an address stored before the rule is still listed and ordered to.
startOrdersPlatform();

const cabin = { name: 'Pat', line1: '1 Lake Road', city: 'Wicklow', country: 'IE' };
const addAddress = (token: string, body: unknown) =>
  orders.platform.call(profilePaths.addresses, { method: 'POST', token, body });
const messageOf = async (response: Response) =>
  ((await response.json()) as { error: { message: string } }).error.message;

describe('delivery addresses of the shop', () => {
  it('refuses a postcode of no Eircode shape with a 400 naming the field and the shape', async () => {
    const { token } = await newShopper();
    for (const postcode of ['!!', 'D02', 'SW1A 1AA', 'D02 X2B5']) {
      const refused = await addAddress(token, { ...cabin, postcode });
      expect(refused.status, postcode).toBe(400);
      expect(await messageOf(refused)).toBe(
        'Invalid body: postcode: Enter an Eircode, like D02 X285',
      );
    }
  });

  it('stores the postcode normalised: upper case, one space where it belongs', async () => {
    const { token } = await newShopper();
    const added = await addAddress(token, { ...cabin, postcode: ' k78x1y2 ', country: 'ie' });
    expect(added.status).toBe(201);
    expect(DeliveryAddress.parse(await added.json())).toMatchObject({
      postcode: 'K78 X1Y2',
      country: 'IE',
    });
  });

  it('refuses a country the shop does not deliver to, in a new or a changed address', async () => {
    const { token, choice } = await newShopper();
    const british = { ...cabin, postcode: 'SW1A 1AA', country: 'GB' };
    const refused = await addAddress(token, british);
    expect(refused.status).toBe(400);
    expect(await messageOf(refused)).toBe('Invalid body: country: We deliver to Ireland only');
    const changed = await orders.platform.call(profilePaths.address(choice.addressId), {
      method: 'PUT',
      token,
      body: british,
    });
    expect(changed.status).toBe(400);
    expect(await messageOf(changed)).toContain('country: We deliver to Ireland only');
    const text = await addAddress(token, { ...cabin, postcode: 'D02 X285', country: 'Ireland' });
    expect(text.status).toBe(400);
    expect(await messageOf(text)).toBe('Invalid body: country: Choose a country');
  });

  it('refuses a guest order to "!!" or to another country, naming the address field', async () => {
    const { access_token: token } = await orders.platform.guest();
    await addToCart(token, orders.offerings[0]!.id, 1);
    const slots = DeliverySlotList.parse(
      await (await orders.platform.call(orderPaths.deliverySlots, { token })).json(),
    );
    const order = (address: Record<string, string>) =>
      orders.platform.call(guestOrderPaths.orders, {
        method: 'POST',
        token,
        body: {
          email: 'area@example.com',
          address: { ...cabin, ...address },
          card: {
            cardNumber: '4242424242424242',
            expiryMonth: 12,
            expiryYear: 2099,
            holderName: 'Pat',
          },
          slotId: slots.items.find((s) => s.available)!.id,
        },
      });
    const bad = await order({ postcode: '!!' });
    expect(bad.status).toBe(400);
    expect(await messageOf(bad)).toBe(
      'Invalid body: address.postcode: Enter an Eircode, like D02 X285',
    );
    const abroad = await order({ postcode: 'BT1 5GS', country: 'GB' });
    expect(abroad.status).toBe(400);
    expect(await messageOf(abroad)).toBe(
      'Invalid body: address.country: We deliver to Ireland only',
    );
  });

  it('lists and orders to an address stored before the rule, as it was stored', async () => {
    const shopper = await newShopper();
    // What the forms let through before ADR 0340 (a migration cannot correct it).
    await orders.platform.db.query(
      "update delivery_addresses set postcode = '!!', country = 'Eire' where id = $1",
      [shopper.choice.addressId],
    );
    const list = await orders.platform.call(profilePaths.addresses, { token: shopper.token });
    expect((await list.json()).items[0]).toMatchObject({ postcode: '!!', country: 'Eire' });
    await addToCart(shopper.token, orders.offerings[1]!.id, 1);
    const placed = await postOrder(shopper);
    expect(placed.status, await placed.clone().text()).toBe(201);
    expect(OrderDetail.parse(await placed.json()).address).toMatchObject({
      postcode: '!!',
      country: 'Eire',
    });
  });
});
