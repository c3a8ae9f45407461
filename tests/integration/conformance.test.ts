import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSED_PORT } from '../support/closed-port';
import { DEMO, startPlatform, TENANTS, type TestPlatform } from '../support/platform';

// `npm run conformance` (ADR 0233): passes on the reference platform; against an upstream written
// from the specification's section 7 alone (its seven calls) it fails and names what is missing.
const root = new URL('../..', import.meta.url);
async function conformance(args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await promisify(execFile)(
      'npx',
      ['tsx', 'scripts/conformance.ts', ...args],
      {
        cwd: root,
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string };
    return { code: failed.code ?? -1, out: failed.stdout ?? '' };
  }
}
type Row = {
  operation: string;
  required: boolean;
  outcome: string;
  screens: string[];
  detail: string;
};
const rowsOf = (out: string) => JSON.parse(out.trim().split('\n').at(-1)!) as Row[];

/** The seven calls of the specification, as a platform engineer would write them from it alone. */
function specOnlyUpstream(): Promise<Server> {
  const cart = { uid: 'cart-1', items: [] as unknown[], notes: [], lastUpdate: null };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://upstream');
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const path = url.pathname;
    if (req.method === 'GET' && path === '/cms-api/context') {
      const page = JSON.parse(url.searchParams.get('url') ?? '{}') as Record<string, string>;
      const context = {
        cid: url.searchParams.get('cid'),
        tenant: { id: 'shop' },
        url: page,
        page: {},
      };
      return json(200, JSON.stringify(context));
    }
    if (req.method === 'GET' && path === '/api/services/uaa/api/v1/account')
      return json(200, { id: '1', login: 'shopper', email: 'shopper@example.com' });
    // Beyond the seven: one answer outside the contract, which the kit must name as a failure.
    if (req.method === 'GET' && path === '/cms-api/home') return json(200, { blocks: 'none' });
    const cartPath =
      /^\/api\/services\/booking-ms\/api\/v1\/bookings\/cart\/tenant\/[^/]+(\/item|\/items)?$/;
    if (cartPath.test(path) || path.endsWith('/bookings/cart/copyBookingToCart'))
      return json(200, cart);
    return json(404, { error: { code: 'not_found', message: `No ${req.method} ${path}` } });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

let platform: TestPlatform;
let spec: Server;
beforeAll(async () => {
  [platform, spec] = await Promise.all([startPlatform(), specOnlyUpstream()]);
});
afterAll(async () => {
  await platform?.close();
  await new Promise((resolve) => spec?.close(resolve));
});

const account = ['--email', DEMO.email, '--password', DEMO.password];

/** What the demo shopper has that the kit's writes touch: the cart's lines, lists, smart carts. */
async function shopperState() {
  const { access_token: token } = await platform.signIn('fresh');
  const read = async (path: string) =>
    (await (await platform.call(path, { token })).json()) as {
      items: { id?: string; uid?: string; offeringId?: string; quantity?: number }[];
    };
  const cart = await read('/api/services/booking-ms/api/v1/bookings/cart/tenant/fresh');
  return {
    cart: cart.items.map((i) => `${i.offeringId} x${i.quantity}`).sort(),
    lists: (await read('/api/services/shopping-lists/api/v1/lists')).items.map((l) => l.id),
    smartCarts: (await read('/api/services/smart-carts/api/v1/smart-carts')).items.map((c) => c.id),
  };
}

describe('npm run conformance', () => {
  it(
    'passes on the reference platform: every required operation passes, exit status 0',
    { timeout: 120_000 },
    async () => {
      const { code, out } = await conformance([
        platform.url,
        '--origin',
        TENANTS.fresh.origin,
        ...account,
      ]);
      expect(out).toMatch(/^operation\s+call\s+need\s+result\s+screens affected/m);
      expect(out).toMatch(/^cmsGetContext\s+GET \/cms-api\/context\s+required\s+pass/m);
      expect(out).toMatch(/Conforms: every required operation passes/);
      expect(code).toBe(0);
      const rows = rowsOf(
        (await conformance([platform.url, '--origin', TENANTS.fresh.origin, ...account, '--json']))
          .out,
      );
      expect(rows.length).toBeGreaterThanOrEqual(50);
      // Called for real and checked against the contract's schemas, not only probed.
      expect(rows.filter((r) => r.outcome === 'pass').length).toBeGreaterThanOrEqual(45);
      expect(rows.filter((r) => r.required && !['pass', 'present'].includes(r.outcome))).toEqual(
        [],
      );
      // No field of its answers looks renamed (ADR 0351), whether required or not.
      expect(rows.filter((r) => r.outcome === 'warn')).toEqual([]);
      expect(out).not.toMatch(/^Warnings/m);
      expect(out).not.toMatch(/answered 421|Nothing answered/);
    },
  );

  it(
    'says in one line why a whole run fails: the upstream does not know the shop origin, or nothing answers',
    { timeout: 120_000 },
    async () => {
      // No --origin: the base URL's own origin, which no shop of the platform has.
      const misdirected = await conformance([platform.url, ...account]);
      expect(misdirected.code).toBe(1);
      expect(misdirected.out).toMatch(
        new RegExp(
          `^\\d+ calls were answered 421: the upstream does not know ${new URL(platform.url).origin} \\(the base URL's own origin, the default\\) as a shop; give one of its shops' origins with --origin\\.$`,
          'm',
        ),
      );
      const nowhere = `http://127.0.0.1:${CLOSED_PORT}`;
      const unreachable = await conformance([nowhere, '--origin', TENANTS.fresh.origin]);
      expect(unreachable.code).toBe(1);
      expect(unreachable.out).toContain(
        `Nothing answered at ${nowhere}: is the URL right, and is the upstream running and reachable from here?`,
      );
    },
  );

  it(
    'makes the writes that can be undone for real, checks their answers and undoes them',
    { timeout: 120_000 },
    async () => {
      // A line of the shopper's own in the cart, which the kit must leave as it is.
      const { access_token: token } = await platform.signIn('fresh');
      const featured = (await (
        await platform.call('/api/services/catalogue/api/v1/products/featured?limit=1')
      ).json()) as { items: { offering: { id: string } }[] };
      const mine = await platform.call(
        '/api/services/booking-ms/api/v1/bookings/cart/tenant/fresh/item',
        {
          method: 'PUT',
          token,
          body: { offeringId: featured.items[0]!.offering.id, quantity: 3, byCase: false },
        },
      );
      expect(mine.status).toBe(200);
      const before = await shopperState();

      const rows = rowsOf(
        (await conformance([platform.url, '--origin', TENANTS.fresh.origin, ...account, '--json']))
          .out,
      );
      const outcome = (operation: string) => rows.find((r) => r.operation === operation)?.outcome;
      for (const operation of [
        'bookingMsPutBookingsCartTenantByTenantIdItem',
        'bookingMsDeleteBookingsCartTenantByTenantIdItem',
        'bookingMsDeleteBookingsCartTenantByTenantIdItems',
        'shoppingListsPostLists',
        'shoppingListsPostListsByListIdToCart',
        'shoppingListsDeleteListsByListId',
        'smartCartsPostSmartCartsFromCart',
        'smartCartsPutSmartCartsById',
        'smartCartsPostSmartCartsByIdToCart',
        'smartCartsPostSmartCartsByIdAddCart',
        'smartCartsDeleteSmartCartsById',
        'profilePostAddresses',
        'profilePostPaymentMethods',
      ])
        expect(outcome(operation), operation).toBe('pass');
      // Nothing the kit made is left, and the shopper's own cart line is as it was.
      expect(await shopperState()).toEqual(before);
    },
  );

  it(
    'fails on an upstream with only the specification’s seven calls, naming what is missing',
    { timeout: 120_000 },
    async () => {
      const url = `http://127.0.0.1:${(spec.address() as AddressInfo).port}`;
      const { code, out } = await conformance([
        url,
        '--origin',
        'https://shop.example',
        ...account,
      ]);
      expect(code).toBe(1);
      expect(out).toMatch(
        /Does not conform: \d+ required operations do not pass: .*uaaPostAuthSignIn/,
      );
      expect(out).toMatch(/^uaaPostAuthSignIn\s+POST \S+\s+required\s+missing\s+sign-in/m);
      expect(out).toMatch(
        /^catalogueGetSearch\s+GET \S+\s+required\s+missing\s+search, search-results/m,
      );
      expect(out).toMatch(/^cmsGetContext\s+GET \/cms-api\/context\s+required\s+pass/m);
      const rows = rowsOf(
        (await conformance([url, '--origin', 'https://shop.example', ...account, '--json'])).out,
      );
      const missing = rows.filter((r) => r.outcome === 'missing').map((r) => r.operation);
      expect(missing).toEqual(
        expect.arrayContaining(['uaaPostAuthGuest', 'uaaPostAuthSignIn', 'catalogueGetSearch']),
      );
      const home = rows.find((r) => r.operation === 'cmsGetHome');
      expect(home).toMatchObject({ outcome: 'fail', detail: expect.stringContaining('/blocks') });
      // The specification's calls that could be made without a token pass.
      expect(rows.find((r) => r.operation === 'cmsGetContext')?.outcome).toBe('pass');
    },
  );

  it(
    'says how to call it when the URL is missing (exit status 2)',
    { timeout: 60_000 },
    async () => {
      const { code } = await conformance([]);
      expect(code).toBe(2);
    },
  );
});
