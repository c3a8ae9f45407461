import { afterAll, beforeAll, expect } from 'vitest';
import { Booking, bookingPaths } from '../../shared/contracts/booking';
import {
  DeliverySlotList,
  OrderDetail,
  orderPaths,
  type PlaceOrderInput,
} from '../../shared/contracts/orders';
import { profilePaths } from '../../shared/contracts/profile';
import { startPlatform, type TestPlatform } from '../support/platform';

// The orders tests' platform (platform-orders-*.test.ts): a seeded reference platform over real
// HTTP, ten available offerings of `fresh`, and shoppers made ready to order.
export type Offering = { id: string; single: number; case: number; name: string };
let platform: TestPlatform;
let accountSeq = 0;
/** This test file's platform and offerings, set once its beforeAll ran. */
export const orders = {} as { platform: TestPlatform; offerings: Offering[] };

/** Starts the platform for the calling test file (beforeAll) and closes it (afterAll). */
export function startOrdersPlatform(): typeof orders {
  beforeAll(async () => {
    platform = orders.platform = await startPlatform();
    const { rows } = await platform.db.query<{
      id: string;
      price_single_cents: number;
      price_case_cents: number;
      name: string;
    }>(
      `select o.id, o.price_single_cents, o.price_case_cents, p.name from offerings o join products p on p.id = o.product_id
     where o.tenant_id = 'fresh' and o.available order by o.id desc limit 10`,
    );
    orders.offerings = rows.map((r) => ({
      id: r.id,
      single: r.price_single_cents,
      case: r.price_case_cents,
      name: r.name,
    }));
  });
  afterAll(() => platform.close());
  return orders;
}

export type Shopper = {
  token: string;
  accountId: string;
  email: string;
  choice: Required<Omit<PlaceOrderInput, 'expectedTotal'>>;
};

/** A new signed-in shopper of `fresh` with an address and a card, and the first bookable slot. */
export async function newShopper(): Promise<Shopper> {
  const accountId = `acc-orders-${++accountSeq}`;
  const email = `orders${accountSeq}@example.com`;
  await platform.db.query(
    `insert into accounts (id, tenant_id, email, login, password_hash, first_name, activated)
     values ($1, 'fresh', $2, $2, 'x', 'Olive', true)`,
    [accountId, email],
  );
  const token = await platform.tokenFor({ principalId: accountId, accountId, tenantId: 'fresh' });
  const address = await platform.call(profilePaths.addresses, {
    method: 'POST',
    token,
    body: {
      name: 'Olive',
      line1: '1 Main St',
      postcode: 'D01 F5P2',
      city: 'Dublin',
      country: 'IE',
    },
  });
  const card = await platform.call(profilePaths.paymentMethods, {
    method: 'POST',
    token,
    body: {
      cardNumber: '4242 4242 4242 4242',
      expiryMonth: 12,
      expiryYear: 2099,
      holderName: 'Olive',
    },
  });
  const slots = DeliverySlotList.parse(
    await (await platform.call(orderPaths.deliverySlots, { token })).json(),
  );
  const slot = slots.items.find((s) => s.available)!;
  return {
    token,
    accountId,
    email,
    choice: {
      addressId: (await address.json()).id,
      paymentMethodId: (await card.json()).id,
      slotId: slot.id,
      notes: '',
    },
  };
}

export async function addToCart(
  token: string,
  offeringId: string,
  quantity: number,
  byCase = false,
): Promise<Booking> {
  const response = await platform.call(bookingPaths.item('fresh'), {
    method: 'PUT',
    token,
    body: { offeringId, quantity, byCase },
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return Booking.parse(await response.json());
}

/** The shopper's order submission (their choice by default), answered as it is. */
export const postOrder = (shopper: Shopper, body: unknown = shopper.choice) =>
  platform.call(orderPaths.orders, { method: 'POST', token: shopper.token, body });

export async function placeOrder(
  shopper: Shopper,
  body: unknown = shopper.choice,
): Promise<OrderDetail> {
  const response = await postOrder(shopper, body);
  expect(response.status, await response.clone().text()).toBe(201);
  return OrderDetail.parse(await response.json());
}

/** The shopper's cart as the platform answers it. */
export const readCart = async (shopper: Shopper): Promise<Booking> =>
  Booking.parse(
    await (await platform.call(bookingPaths.cart('fresh'), { token: shopper.token })).json(),
  );

/** A refusal's status and the message of its error body. */
export async function errorOf(response: Response) {
  const body = (await response.json()) as { error: { message: string } };
  return { status: response.status, message: body.error.message };
}
