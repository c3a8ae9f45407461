import { z } from 'zod';
import { PAGE_FORMS } from '../../scripts/api/page-forms';
import { routeTable } from '../../shared/routes';
import { address, choice, type World } from './cross-shopper-worlds';

// The gateway's pages that name a shopper's thing: the screens whose path holds an id (GET) and
// every form a page action reads (POST, by intent), each sent with A's ids by someone else
// (gateway-cross-shopper.test.ts). The forms come from scripts/api/page-forms.ts, the very schemas
// the actions read: a new form (or a new intent) without a row here or a line in NAMES_NOTHING
// fails the coverage test.
export type PageRow = {
  /** `order-detail` (the screen's GET) or `order-detail:cancel` (a form, by its intent). */
  key: string;
  /** Whose thing it names: the account's, or its guest session's (guest checkout). */
  owner?: 'account' | 'guest';
  path: (a: World, me: World) => string;
  /** The form's fields (absent: a GET of the screen). */
  fields?: (a: World, me: World) => Record<string, string>;
  /** The owner's own post changes the world (the next row gets a new one). */
  spends?: boolean;
};

/** Forms that name nothing of anyone's: they take what the caller types, or act on their own. */
export const NAMES_NOTHING: readonly string[] = [
  'cart:set', // an offering of the shop, into the caller's cart
  'checkout-guest:place-guest-order', // the guest's own cart, with what they typed
  'checkout-guest:check-cart',
  'social-login:sign-in',
  'social-login:sign-out',
  'social-login:social',
  'social-login:register',
  'social-login:reset-request',
  'profile:set-password', // the caller's own account
  'shopping-lists:create-list',
  'delivery-addresses:add-address',
  'payment-methods:add-card',
  'profile-info:save-info',
  'smart-carts:create-cart',
  'smart-carts:from-cart', // the caller's own cart
  'smart-cart:add-address', // into the caller's own address book, from a smart cart's page
  'smart-cart:add-card',
  'checkout:add-address',
  'checkout:add-card',
  // Forms without intents: the key in the path is the secret (a reset or activation e-mail's),
  // a blink-test report is stored under the page's own CID with its proof, a test error.
  'password-reset',
  'account-activation',
  'blink-test',
  'sentry-test',
];

const order = (a: World) => `/orders/${a.orderId}`;
const smartCart = (a: World) => `/smart-carts/${a.smartCartId}`;

export const PAGE_ROWS: readonly PageRow[] = [
  { key: 'order-detail', path: order },
  { key: 'shopping-list-print', path: (a) => `/shopping-lists/${a.listId}/print` },
  { key: 'smart-cart', path: smartCart },
  { key: 'smart-cart-order', path: (a) => `${smartCart(a)}/order/${a.smartOrderId}` },
  {
    key: 'order-detail:change-lines',
    path: order,
    fields: (a) => ({ intent: 'change-lines', offeringId: a.offeringIds[0]!, quantity: '3' }),
    spends: true,
  },
  {
    key: 'order-detail:change-slot',
    path: order,
    fields: (a) => ({ intent: 'change-slot', slotId: a.slotId }),
  },
  { key: 'order-detail:cancel', path: order, fields: () => ({ intent: 'cancel' }), spends: true },
  {
    key: 'order-detail:reorder',
    path: order,
    fields: () => ({ intent: 'reorder', override: 'true' }),
    spends: true,
  },
  {
    key: 'shopping-lists:rename-list',
    path: () => '/shopping-lists',
    fields: (a) => ({ intent: 'rename-list', listId: a.listId, name: 'Renamed' }),
    spends: true,
  },
  {
    key: 'shopping-lists:delete-list',
    path: () => '/shopping-lists',
    fields: (a) => ({ intent: 'delete-list', listId: a.listId }),
    spends: true,
  },
  {
    key: 'shopping-lists:change-quantity',
    path: () => '/shopping-lists',
    fields: (a) => ({
      intent: 'change-quantity',
      listId: a.listId,
      itemId: a.itemId,
      quantity: '9',
    }),
    spends: true,
  },
  {
    key: 'shopping-lists:remove-item',
    path: () => '/shopping-lists',
    fields: (a) => ({ intent: 'remove-item', listId: a.listId, itemId: a.itemId }),
    spends: true,
  },
  {
    key: 'shopping-lists:add-item',
    path: () => '/shopping-lists',
    fields: (a) => ({
      intent: 'add-item',
      listId: a.listId,
      offeringId: a.offeringIds[0]!,
      quantity: '1',
    }),
    spends: true,
  },
  {
    key: 'shopping-lists:to-cart',
    path: () => '/shopping-lists',
    fields: (a) => ({ intent: 'to-cart', listId: a.listId }),
    spends: true,
  },
  {
    key: 'delivery-addresses:update-address',
    path: () => '/profile/delivery-address',
    fields: (a) => ({ intent: 'update-address', id: a.addressId, ...address }),
    spends: true,
  },
  {
    key: 'delivery-addresses:delete-address',
    path: () => '/profile/delivery-address',
    fields: (a) => ({ intent: 'delete-address', id: a.addressId }),
    spends: true,
  },
  {
    key: 'delivery-addresses:default-address',
    path: () => '/profile/delivery-address',
    fields: (a) => ({ intent: 'default-address', id: a.addressId }),
  },
  {
    key: 'payment-methods:delete-card',
    path: () => '/profile/payment-methods',
    fields: (a) => ({ intent: 'delete-card', id: a.cardId }),
    spends: true,
  },
  {
    key: 'payment-methods:default-card',
    path: () => '/profile/payment-methods',
    fields: (a) => ({ intent: 'default-card', id: a.cardId }),
  },
  {
    key: 'profile:unlink',
    path: () => '/profile',
    fields: (a) => ({ intent: 'unlink', identity: a.identityIds[0]! }),
    spends: true,
  },
  {
    key: 'smart-carts:delete-cart',
    path: () => '/smart-carts',
    fields: (a) => ({ intent: 'delete-cart', id: a.smartCartId }),
    spends: true,
  },
  {
    key: 'smart-cart:change-items',
    path: smartCart,
    fields: (a) => ({ intent: 'change-items', offeringId: a.offeringIds[2]!, quantity: '5' }),
    spends: true,
  },
  {
    key: 'smart-cart:place-order',
    path: smartCart,
    fields: (a, me) => ({ intent: 'place-order', ...choice(me, me, me) }),
    spends: true,
  },
  {
    key: 'smart-cart:place-order',
    path: (a, me) => smartCart(me),
    fields: (a, me) => ({ intent: 'place-order', ...choice(me, a, me) }),
    spends: true,
  },
  {
    key: 'smart-cart:add-cart', // the caller's own cart, into A's smart cart
    path: smartCart,
    fields: () => ({ intent: 'add-cart' }),
    spends: true,
  },
  {
    key: 'smart-cart:to-cart',
    path: smartCart,
    fields: () => ({ intent: 'to-cart' }),
    spends: true,
  },
  {
    key: 'checkout:place-order',
    path: () => '/checkout',
    fields: (a, me) => ({ intent: 'place-order', ...choice(a, me, me) }),
    spends: true,
  },
  {
    key: 'cart:remove',
    path: () => '/cart',
    fields: (a) => ({ intent: 'remove', itemUid: a.cartItemUid }),
    spends: true,
  },
  {
    key: 'checkout-guest:create-account',
    owner: 'guest',
    path: () => '/checkout/guest',
    fields: (a) => ({
      intent: 'create-account',
      orderId: a.guest.orderId,
      password: 'taken-over-1',
    }),
    spends: true,
  },
];

/** The object forms of a form schema (its union's options, an intersection's sides). */
function objectForms(schema: z.ZodType): z.ZodObject[] {
  if (schema instanceof z.ZodUnion) return (schema.options as z.ZodType[]).flatMap(objectForms);
  if (schema instanceof z.ZodIntersection)
    return [schema._zod.def.left, schema._zod.def.right].flatMap((s) =>
      objectForms(s as z.ZodType),
    );
  if (schema instanceof z.ZodObject) return [schema];
  return [];
}

/** Every form a page action reads, as `page:intent` (or `page` for a form without intents). */
export function pageFormKeys(): string[] {
  return Object.entries(PAGE_FORMS).flatMap(([page, schema]) => {
    const intents = objectForms(schema).flatMap((form) => {
      const intent = form.shape.intent;
      return intent instanceof z.ZodLiteral ? [...intent.values].map(String) : [];
    });
    return intents.length ? intents.map((intent) => `${page}:${intent}`) : [page];
  });
}

/** The signed-in screens whose path names something by id: `order-detail`, `smart-cart`... */
export const screensWithIds = (): string[] =>
  routeTable
    .filter((route) => (route.middleware as readonly string[]).includes('auth'))
    .filter((route) => route.path.includes('{'))
    .map((route) => route.id);
