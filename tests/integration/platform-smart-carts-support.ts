import { DeliverySlotList, orderPaths } from '../../shared/contracts/orders';
import { profilePaths } from '../../shared/contracts/profile';
import type { TestPlatform } from '../support/platform';

// What the smart cart tests (platform-smart-carts.test.ts) start from: two shoppers of `fresh`,
// the first with an address, a card and a bookable slot to order with, and three offerings.
export type SmartCartSetup = {
  token: string;
  other: string;
  choice: { addressId: string; slotId: string; paymentMethodId: string };
  offerings: { id: string; single: number; case: number }[];
};

export async function smartCartShoppers(platform: TestPlatform): Promise<SmartCartSetup> {
  for (const id of ['acc-smart-1', 'acc-smart-2']) {
    await platform.db.query(
      `insert into accounts (id, tenant_id, email, login, password_hash, activated) values ($1, 'fresh', $2, $2, 'x', true)`,
      [id, `${id}@example.com`],
    );
  }
  const token = await platform.tokenFor({
    principalId: 'acc-smart-1',
    accountId: 'acc-smart-1',
    tenantId: 'fresh',
  });
  const other = await platform.tokenFor({
    principalId: 'acc-smart-2',
    accountId: 'acc-smart-2',
    tenantId: 'fresh',
  });
  const address = await platform.call(profilePaths.addresses, {
    method: 'POST',
    token,
    body: { name: 'Sky', line1: '9 Canal Rd', postcode: 'D06 F2X5', city: 'Dublin', country: 'IE' },
  });
  const card = await platform.call(profilePaths.paymentMethods, {
    method: 'POST',
    token,
    body: { cardNumber: '4242424242424242', expiryMonth: 12, expiryYear: 2099, holderName: 'Sky' },
  });
  const slots = DeliverySlotList.parse(
    await (await platform.call(orderPaths.deliverySlots, { token })).json(),
  );
  const choice = {
    addressId: (await address.json()).id,
    paymentMethodId: (await card.json()).id,
    slotId: slots.items.find((s) => s.available)!.id,
  };
  const { rows } = await platform.db.query<{
    id: string;
    price_single_cents: number;
    price_case_cents: number;
  }>(
    "select id, price_single_cents, price_case_cents from offerings where tenant_id = 'fresh' and available order by id limit 3 offset 60",
  );
  const offerings = rows.map((r) => ({
    id: r.id,
    single: r.price_single_cents,
    case: r.price_case_cents,
  }));
  return { token, other, choice, offerings };
}
