import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { hashPassword } from '../../platform/auth/passwords';
import type { AccessClaims } from '../../platform/auth/tokens';
import { bookingPaths } from '../../shared/contracts/booking';
import { guestOrderPaths } from '../../shared/contracts/guest-orders';
import { identityPaths } from '../../shared/contracts/identities';
import { listPaths, smartCartPaths } from '../../shared/contracts/lists';
import { orderPaths } from '../../shared/contracts/orders';
import { profilePaths } from '../../shared/contracts/profile';
import type { TenantKey, TestPlatform } from '../support/platform';

// One shopper's everything, made over the platform's own HTTP API (the cross-shopper tests,
// cross-shopper-table.ts): an account with a profile, an address, a card, a placed order, a list
// with an item, a smart cart with an order, an item in the cart, two linked sign-ins; a guest
// session of the same shop with an order and an item in its cart; a blink-test report. Every
// name holds the world's marker, so an answer that shows any of it to someone else is caught.
export const WORLD_PASSWORD = 'cross-shopper-1';
const DIAGNOSTICS = '/api/services/diagnostics/api/v1/blink-reports';

export type Owner = { token: string; refresh: string; claims: AccessClaims };
export type World = Owner & {
  tenant: TenantKey;
  /** A string in every name of this world (the list's, the address's, the guest's e-mail...). */
  marker: string;
  accountId: string;
  email: string;
  addressId: string;
  cardId: string;
  slotId: string;
  offeringIds: string[];
  orderId: string;
  listId: string;
  itemId: string;
  smartCartId: string;
  smartOrderId: string;
  cartItemUid: string;
  identityIds: string[];
  blinkCid: string;
  guest: Owner & { orderId: string; email: string };
};

/** Every id of the world: what an answer to someone else must not show unless they sent it. */
export const idsOf = (w: World): string[] => [
  w.accountId,
  w.addressId,
  w.cardId,
  w.orderId,
  w.listId,
  w.itemId,
  w.smartCartId,
  w.smartOrderId,
  w.cartItemUid,
  ...w.identityIds,
  w.blinkCid,
  w.guest.orderId,
];

let seq = 0;

async function ok<T = Record<string, unknown>>(answer: Promise<Response>, status = 0) {
  const response = await answer;
  if (status) expect(response.status, await response.clone().text()).toBe(status);
  else expect(response.ok, await response.clone().text()).toBe(true);
  return (response.status === 204 ? null : await response.json()) as T;
}

/**
 * A new world in `tenant`, signed in (a session the gateway's pages take). `password`: the account
 * keeps WORLD_PASSWORD; otherwise it signs in through its two linked providers only.
 */
export async function makeWorld(
  platform: TestPlatform,
  tenant: TenantKey,
  options: { password: boolean },
): Promise<World> {
  const n = ++seq;
  const marker = `Mark${n}x${randomBytes(3).toString('hex')}`;
  const accountId = `acc-cross-${n}`;
  const email = `${marker.toLowerCase()}@example.com`;
  await platform.db.query(
    `insert into accounts (id, tenant_id, email, login, password_hash, first_name, activated)
     values ($1, $2, $3, $3, $4, $5, true)`,
    [accountId, tenant, email, await hashPassword(WORLD_PASSWORD), marker],
  );
  const claims = { principalId: accountId, accountId, tenantId: tenant };
  // A real session (the gateway's pages need one), then no password if asked: the session stays.
  const pair = await platform.signIn(tenant, email, WORLD_PASSWORD);
  const token = pair.access_token;
  if (!options.password)
    await platform.db.query(`update accounts set password_hash = '' where id = $1`, [accountId]);
  const call = (path: string, method = 'GET', body?: unknown, as = token) =>
    platform.call(path, { method, token: as, tenant, body });

  const { rows } = await platform.db.query<{ id: string }>(
    `select id from offerings where tenant_id = $1 and available order by id limit 3 offset 20`,
    [tenant],
  );
  const offeringIds = rows.map((r) => r.id);
  const put = (offeringId: string, as = token) =>
    ok<{ items: { uid: string }[] }>(
      call(bookingPaths.item(tenant), 'PUT', { offeringId, quantity: 1, byCase: false }, as),
    );

  await ok(call(profilePaths.info, 'PUT', { firstName: marker, lastName: 'Cross', phone: '' }));
  // An address the shop delivers to (docs/decisions/0340): each shop has its own country.
  const where =
    tenant === 'harbour'
      ? { postcode: 'SW1A 1AA', city: 'London', country: 'GB' }
      : { postcode: 'D01 F5P2', city: 'Dublin', country: 'IE' };
  const address = { name: marker, line1: `1 ${marker} St`, ...where };
  const addressId = (await ok(call(profilePaths.addresses, 'POST', address), 201)).id as string;
  const card = { cardNumber: '4242424242424242', expiryMonth: 12, expiryYear: 2099 };
  const cardId = (
    await ok(call(profilePaths.paymentMethods, 'POST', { ...card, holderName: marker }), 201)
  ).id as string;
  const slots = await ok<{ items: { id: string; available: boolean }[] }>(
    call(orderPaths.deliverySlots),
  );
  const slotId = slots.items.find((s) => s.available)!.id;
  // The table places a few dozen orders on this slot: room for them all.
  await platform.db.query('update delivery_slots set capacity = capacity + 500 where id = $1', [
    slotId,
  ]);
  const choice = { addressId, paymentMethodId: cardId, slotId };

  await put(offeringIds[0]!);
  const orderId = (await ok(call(orderPaths.orders, 'POST', choice), 201)).id as string;
  const listId = (await ok(call(listPaths.lists, 'POST', { name: `${marker} list` }), 201))
    .id as string;
  const list = await ok<{ items: { id: string }[] }>(
    call(listPaths.items(listId), 'POST', { offeringId: offeringIds[1], note: marker }),
    201,
  );
  const smartCart = {
    name: `${marker} smart`,
    items: [{ offeringId: offeringIds[2], quantity: 2 }],
  };
  const smartCartId = (await ok(call(smartCartPaths.smartCarts, 'POST', smartCart), 201))
    .id as string;
  const smartOrderId = (await ok(call(smartCartPaths.order(smartCartId), 'POST', choice), 201))
    .id as string;
  const cart = await put(offeringIds[1]!);

  const identityIds = [`idn-${marker}-1`, `idn-${marker}-2`];
  for (const id of identityIds) {
    await platform.db.query(
      `insert into identities (id, tenant_id, account_id, issuer, subject, email)
       values ($1, $2, $3, 'https://id.example', $1, $4)`,
      [id, tenant, accountId, email],
    );
  }
  const blinkCid = randomBytes(16).toString('hex');
  await ok(call(`${DIAGNOSTICS}/${blinkCid}`, 'PUT', blinkReport(marker)), 204);

  const guestPair = await platform.guest(tenant);
  const guestToken = guestPair.access_token;
  const guestClaims = await platform.app.signer.verify(guestToken);
  if (!guestClaims || guestClaims.expired) throw new Error('the guest token did not verify');
  await put(offeringIds[0]!, guestToken);
  const guestEmail = `guest-${email}`;
  const guestOrder = {
    email: guestEmail,
    address,
    card: { ...card, holderName: marker },
    slotId,
  };
  const guestOrderId = (await ok(call(guestOrderPaths.orders, 'POST', guestOrder, guestToken), 201))
    .id as string;
  await put(offeringIds[0]!, guestToken);

  return {
    tenant,
    marker,
    accountId,
    email,
    token,
    claims,
    refresh: pair.refresh_token,
    addressId,
    cardId,
    slotId,
    offeringIds,
    orderId,
    listId,
    itemId: list.items[0]!.id,
    smartCartId,
    smartOrderId,
    cartItemUid: cart.items[0]!.uid,
    identityIds,
    blinkCid,
    guest: {
      token: guestToken,
      refresh: guestPair.refresh_token,
      claims: { principalId: guestClaims.principalId, accountId: null, tenantId: tenant },
      orderId: guestOrderId,
      email: guestEmail,
    },
  };
}

export const blinkReport = (userAgent: string) => ({
  checks: [],
  userAgent,
  javascript: false,
  clockSkewMs: null,
  roundTripMs: null,
});

/**
 * The world as its owner reads it (the account, its guest session, its shop), straight from the
 * platform: equal before and after someone else's calls, or they changed it.
 */
export async function snapshot(platform: TestPlatform, w: World): Promise<Record<string, unknown>> {
  const reads: Record<string, [string, string | undefined]> = {
    info: [profilePaths.info, w.token],
    addresses: [profilePaths.addresses, w.token],
    cards: [profilePaths.paymentMethods, w.token],
    orders: [orderPaths.orders, w.token],
    order: [orderPaths.order(w.orderId), w.token],
    lists: [listPaths.lists, w.token],
    list: [listPaths.list(w.listId), w.token],
    smartCarts: [smartCartPaths.smartCarts, w.token],
    smartCart: [smartCartPaths.smartCart(w.smartCartId), w.token],
    smartOrder: [smartCartPaths.placedOrder(w.smartCartId, w.smartOrderId), w.token],
    cart: [bookingPaths.cart(w.tenant), w.token],
    identities: [identityPaths.list, w.token],
    guestOrder: [guestOrderPaths.order(w.guest.orderId), w.guest.token],
    guestCart: [bookingPaths.cart(w.tenant), w.guest.token],
    blink: [`${DIAGNOSTICS}/${w.blinkCid}`, undefined],
  };
  const entries = await Promise.all(
    Object.entries(reads).map(async ([name, [path, token]]) => {
      const response = await platform.call(path, { token, tenant: w.tenant });
      return [name, { status: response.status, body: await response.json() }] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/** The order choice of A's address, B's card and a slot, in any mix of worlds (rows and pages). */
export const choice = (address: World, card: World, slot: World) => ({
  addressId: address.addressId,
  paymentMethodId: card.cardId,
  slotId: slot.slotId,
});

/** An address someone else types (in a fresh-shop form or body). */
export const address = {
  name: 'Someone',
  line1: '2 Other Rd',
  postcode: 'D02 X285',
  city: 'Dublin',
  country: 'IE',
};
