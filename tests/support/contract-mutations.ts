import type { Answer, Exchange, Mutation } from './mutating-proxy';

// Ways an adopter's service breaks the upstream contract, each as a mutation of the reference
// platform's answers (./mutating-proxy.ts), with the operation the conformance kit must name and
// what its detail must say (tests/integration/conformance-mutations.test.ts).
export type ContractMutation = {
  name: string;
  mutation: Mutation;
  /** The operation the kit must fail, and a pattern its detail must match. */
  operation: string;
  problem: RegExp;
  /**
   * `warn`: an answer the contract allows that the shop still goes without (ADR 0351); the kit
   * warns, and fails only with `strict`. Otherwise a failure.
   */
  outcome?: 'warn';
  /** Kit options the case needs (a shorter deadline for the slow endpoint). */
  options?: { contextTimeoutMs?: number };
};

type Json = Record<string, unknown>;

/** Requests of a method whose path matches. */
const matches = (request: Exchange, method: string, path: RegExp) =>
  request.method === method && path.test(request.path);

/** The platform's successful JSON answers of matching requests, rewritten by `change`. */
function rewrite(method: string, path: RegExp, change: (body: Json) => unknown): Mutation {
  return async (request, forward) => {
    const answer = await forward();
    if (!matches(request, method, path) || answer.status >= 300 || !answer.body) return answer;
    return { ...answer, body: JSON.stringify(change(JSON.parse(answer.body) as Json)) };
  };
}

/** Matching requests' answers of status `from` sent with status `to` (and `body`, if given). */
function restatus(method: string, path: RegExp, from: number, to: number, body?: string): Mutation {
  return async (request, forward) => {
    const answer = await forward();
    if (!matches(request, method, path) || answer.status !== from) return answer;
    return { ...answer, status: to, body: body ?? answer.body };
  };
}

const json = (status: number, body: unknown): Answer => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});
const items = (body: Json) => (body.items as Json[] | undefined) ?? [];

const CART_ITEM = /\/booking-ms\/api\/v1\/bookings\/cart\/tenant\/[^/]+\/item$/;
const ORDERS = /\/orders\/api\/v1\/orders$/;
const ORDER = /\/orders\/api\/v1\/orders\/[^/]+$/;
const ACCOUNT = /\/uaa\/api\/v1\/account$/;

export const CONTRACT_MUTATIONS: readonly ContractMutation[] = [
  {
    name: 'a field renamed (a cart line’s uid sent as id)',
    mutation: rewrite('PUT', CART_ITEM, (cart) => ({
      ...cart,
      items: items(cart).map(({ uid, ...line }) => ({ ...line, id: uid })),
    })),
    operation: 'bookingMsPutBookingsCartTenantByTenantIdItem',
    problem: /\/items\/0 must have required property 'uid'/,
  },
  {
    name: 'a field missing (an order’s number left out of the order list)',
    mutation: rewrite('GET', ORDERS, (list) => ({
      ...list,
      items: items(list).map(({ number: _, ...order }) => order),
    })),
    operation: 'ordersGetOrders',
    problem: /\/items\/0 must have required property 'number'/,
  },
  {
    name: 'a number sent as a string (an order’s total)',
    mutation: rewrite('GET', ORDER, (order) => ({ ...order, total: String(order.total) })),
    operation: 'ordersGetOrdersById',
    problem: /\/total must be integer/,
  },
  {
    name: 'a wrong status: 200 instead of 201 for a created list',
    mutation: restatus('POST', /\/shopping-lists\/api\/v1\/lists$/, 201, 200),
    operation: 'shoppingListsPostLists',
    problem: /status 200, expected 201/,
  },
  {
    name: 'a wrong status: 200 with a body instead of 204 for a deleted address',
    mutation: restatus('DELETE', /\/profile\/api\/v1\/addresses\/[^/]+$/, 204, 200, '{"ok":true}'),
    operation: 'profileDeleteAddressesById',
    problem: /status 200, expected 204/,
  },
  {
    name: '404 instead of 401 for a token the orders service does not accept',
    mutation: restatus('GET', ORDERS, 401, 404),
    operation: 'ordersGetOrders',
    problem: /access token .*404, expected 401/,
  },
  {
    name: 'a pagination field missing (the search’s total)',
    mutation: rewrite('GET', /\/catalogue\/api\/v1\/search$/, ({ total: _, ...page }) => page),
    operation: 'catalogueGetSearch',
    problem: /must have required property 'total'/,
  },
  {
    name: 'a date in another format (an order’s createdAt as an HTTP date)',
    mutation: rewrite('GET', ORDERS, (list) => ({
      ...list,
      items: items(list).map((order) => ({
        ...order,
        createdAt: new Date(String(order.createdAt)).toUTCString(),
      })),
    })),
    operation: 'ordersGetOrders',
    problem: /\/items\/0\/createdAt must match format "date-time"/,
  },
  {
    name: 'an extra required request field the gateway does not send (a cart line’s unit)',
    mutation: async (request, forward) =>
      matches(request, 'PUT', CART_ITEM) && !('unit' in (JSON.parse(request.body) as Json))
        ? json(400, { error: { code: 'bad_request', message: 'unit is required' } })
        : forward(),
    operation: 'bookingMsPutBookingsCartTenantByTenantIdItem',
    problem: /status 400, expected 200: .*unit is required/,
  },
  {
    name: 'a 401 to a refused refresh token without the invalid_grant the gateway ends sessions on',
    mutation: restatus(
      'POST',
      /\/uaa\/api\/v1\/auth\/refresh$/,
      401,
      401,
      '{"error":{"code":"unauthorized","message":"Unauthorized"}}',
    ),
    operation: 'uaaPostAuthRefresh',
    problem: /invalid_grant/,
  },
  {
    name: 'a slow endpoint (the page context later than the gateway waits)',
    mutation: async (request, forward) => {
      const answer = await forward();
      if (request.path === '/cms-api/context')
        await new Promise((resolve) => setTimeout(resolve, 3_000));
      return answer;
    },
    options: { contextTimeoutMs: 1_000 },
    operation: 'cmsGetContext',
    problem: /no answer within 1000 ms .*CONTEXT_TIMEOUT_MS/,
  },
  {
    name: 'an optional field under another name (the account’s email sent as mail)',
    mutation: rewrite('GET', ACCOUNT, ({ email, ...account }) => ({ ...account, mail: email })),
    operation: 'uaaGetAccount',
    problem:
      /\(body\) has mail, which the contract does not name, and no email, read by the gateway: email renamed\?/,
    outcome: 'warn',
  },
  {
    name: 'a list returned unwrapped (the shopping lists as a bare array)',
    mutation: rewrite('GET', /\/shopping-lists\/api\/v1\/lists$/, items),
    operation: 'shoppingListsGetLists',
    problem: /\(body\) must be object/,
  },
];

// Fields and headers the contract does not require: dropping them must not fail the kit, nor make
// it warn.
export const HARMLESS_MUTATIONS: readonly { name: string; mutation: Mutation }[] = [
  {
    name: 'the correlation id not echoed in the answers (the contract does not ask for it)',
    mutation: async (_request, forward) => {
      const answer = await forward();
      const { 'x-correlation-id': _, ...headers } = answer.headers;
      return { ...answer, headers };
    },
  },
  {
    name: 'fields the contract does not name added to every object answer',
    mutation: async (_request, forward) => {
      const answer = await forward();
      if (!answer.body.startsWith('{')) return answer;
      return { ...answer, body: JSON.stringify({ ...JSON.parse(answer.body), extra: 1 }) };
    },
  },
  {
    name: 'an optional field left out, nothing in its place (the account’s email)',
    mutation: rewrite('GET', ACCOUNT, ({ email: _, ...account }) => account),
  },
  {
    name: 'a field the contract does not name inside an absent one’s name (the search echoing its query)',
    mutation: rewrite('GET', /\/catalogue\/api\/v1\/search$/, (page) => ({
      ...page,
      query: 'milk',
    })),
  },
  {
    name: 'a field the contract does not name, alike an absent one but not of its type',
    mutation: rewrite('GET', ACCOUNT, ({ email: _, ...account }) => ({ ...account, emails: [] })),
  },
];
