import { readdirSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDb } from '../../platform/db/db';
import { MIGRATIONS_DIR, migrate } from '../../platform/db/migrate';
import { runSeeds } from '../../platform/seed/index';
import { Booking, bookingPaths } from '../../shared/contracts/booking';
import { cataloguePaths, ProductDetail, SearchResult } from '../../shared/contracts/catalogue';
import { CmsContext } from '../../shared/contracts/context';
import { listPaths, ShoppingList, SmartCart, smartCartPaths } from '../../shared/contracts/lists';
import {
  DeliverySlotList,
  OrderDetail,
  OrderPage,
  orderPaths,
} from '../../shared/contracts/orders';
import {
  DeliveryAddressList,
  PaymentMethodList,
  ProfileInfo,
  profilePaths,
} from '../../shared/contracts/profile';
import { Account, TokenPair, uaaPaths } from '../../shared/contracts/uaa';
import { json } from '../support/answers';
import { DEMO, startPlatform, TEST_CID, type TestPlatform } from '../support/platform';
import { startPostgres, type TestPostgres } from '../support/postgres-server';
import { describeOnPostgres } from '../support/postgres-suite';

// The platform on a throwaway PostgreSQL server of its own, whatever TEST_DATABASE_URL says: the
// migrations from an empty database, the seeds, then one round through every service, so that SQL
// PostgreSQL refuses (and PGlite takes) fails here. The `postgres` project runs the other
// platform-*.test.ts files on such a server as well (vitest.config.ts).
describeOnPostgres('the platform on PostgreSQL', () => {
  let server: TestPostgres;
  let platform: TestPlatform;
  let token: string;
  let offerings: string[];

  beforeAll(async () => {
    server = await startPostgres();
    platform = await startPlatform({ postgresUrl: server.adminUrl });
    const { rows } = await platform.db.query<{ id: string }>(
      "select id from offerings where tenant_id = 'fresh' and available order by id limit 3",
    );
    offerings = rows.map((r) => r.id);
  });
  afterAll(async () => {
    await platform?.close();
    await server?.close();
  });

  it('migrates an empty database and seeds it; both again change nothing', async () => {
    const db = await openDb({ databaseUrl: server.url });
    try {
      const files = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql'));
      expect(await migrate(db)).toHaveLength(files.length);
      await runSeeds(db);
      const counts = async () =>
        (
          await db.query<{ tenants: number; products: number; accounts: number }>(
            `select (select count(*) from tenants)::int as tenants,
               (select count(*) from products)::int as products,
               (select count(*) from accounts)::int as accounts`,
          )
        ).rows[0];
      const seeded = await counts();
      expect(seeded?.tenants).toBe(2);
      expect(seeded?.products).toBeGreaterThan(50);
      expect(await migrate(db)).toEqual([]);
      await runSeeds(db);
      expect(await counts()).toEqual(seeded);
    } finally {
      await db.close();
    }
  });

  it('catalogue: search, a product, the categories', async () => {
    const found = await json(
      await platform.call(`${cataloguePaths.search}?q=milk&pageSize=5`),
      200,
      SearchResult,
    );
    expect(found.items.length).toBeGreaterThan(0);
    expect(found.facets.brands.length).toBeGreaterThan(0);
    const product = await json(
      await platform.call(cataloguePaths.productBySlug(found.items[0]!.slug)),
      200,
      ProductDetail,
    );
    expect(product.id).toBe(found.items[0]!.id);
    expect((await platform.call(cataloguePaths.categories)).status).toBe(200);
    expect((await platform.call(`${cataloguePaths.suggest}?q=ban`)).status).toBe(200);
  });

  it('uaa: sign-in, the account, a refresh', async () => {
    const pair = await platform.signIn();
    token = pair.access_token;
    const account = await json(await platform.call(uaaPaths.account, { token }), 200, Account);
    expect(account.email).toBe(DEMO.email);
    const renewed = await json(
      await platform.call(uaaPaths.refresh, {
        method: 'POST',
        body: { refresh_token: pair.refresh_token },
      }),
      200,
      TokenPair,
    );
    token = renewed.access_token;
  });

  it('booking: put items into the cart, read it back', async () => {
    for (const offeringId of offerings) {
      const put = await platform.call(bookingPaths.item('fresh'), {
        method: 'PUT',
        token,
        body: { offeringId, quantity: 2, byCase: false },
      });
      expect(put.status, await put.clone().text()).toBe(200);
    }
    const cart = await json(
      await platform.call(bookingPaths.cart('fresh'), { token }),
      200,
      Booking,
    );
    expect(cart.items.map((i) => i.offeringId).sort()).toEqual([...offerings].sort());
  });

  it('profile: info, addresses, payment methods', async () => {
    const info = await json(await platform.call(profilePaths.info, { token }), 200, ProfileInfo);
    expect(info.email).toBe(DEMO.email);
    const updated = await platform.call(profilePaths.info, {
      method: 'PUT',
      token,
      body: { firstName: 'Olive', lastName: 'Oyl', phone: '+353 1 234' },
    });
    expect(updated.status, await updated.clone().text()).toBe(200);
    const added = await platform.call(profilePaths.addresses, {
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
    expect(added.status, await added.clone().text()).toBe(201);
    const addresses = await json(
      await platform.call(profilePaths.addresses, { token }),
      200,
      DeliveryAddressList,
    );
    expect(addresses.items.length).toBeGreaterThan(1);
    const cards = await json(
      await platform.call(profilePaths.paymentMethods, { token }),
      200,
      PaymentMethodList,
    );
    expect(cards.items.length).toBeGreaterThan(0);
  });

  it('orders: slots, a quote, an order placed from the cart, the orders', async () => {
    const slots = await json(
      await platform.call(orderPaths.deliverySlots, { token }),
      200,
      DeliverySlotList,
    );
    const slot = slots.items.find((s) => s.available)!;
    const quote = await platform.call(orderPaths.quote, {
      method: 'POST',
      token,
      body: { slotId: slot.id },
    });
    expect(quote.status, await quote.clone().text()).toBe(200);
    const address = (
      await json(await platform.call(profilePaths.addresses, { token }), 200, DeliveryAddressList)
    ).items[0]!;
    const card = (
      await json(
        await platform.call(profilePaths.paymentMethods, { token }),
        200,
        PaymentMethodList,
      )
    ).items[0]!;
    const order = await json(
      await platform.call(orderPaths.orders, {
        method: 'POST',
        token,
        headers: { 'idempotency-key': 'postgres-round-1' },
        body: { addressId: address.id, slotId: slot.id, paymentMethodId: card.id },
      }),
      201,
      OrderDetail,
    );
    expect(order.lines).toHaveLength(offerings.length);
    const page = await json(await platform.call(orderPaths.orders, { token }), 200, OrderPage);
    expect(page.items.map((o) => o.id)).toContain(order.id);
    const read = await json(
      await platform.call(orderPaths.order(order.id), { token }),
      200,
      OrderDetail,
    );
    expect(read.total).toBe(order.total);
  });

  it('lists: a list with an item, a smart cart', async () => {
    const list = await json(
      await platform.call(listPaths.lists, { method: 'POST', token, body: { name: 'Party' } }),
      201,
      ShoppingList,
    );
    const item = await platform.call(listPaths.items(list.id), {
      method: 'POST',
      token,
      body: { offeringId: offerings[0], quantity: 3 },
    });
    expect(item.status, await item.clone().text()).toBe(201);
    const read = await json(
      await platform.call(listPaths.list(list.id), { token }),
      200,
      ShoppingList,
    );
    expect(read.items.map((i) => i.offeringId)).toEqual([offerings[0]]);
    const smart = await json(
      await platform.call(smartCartPaths.smartCarts, {
        method: 'POST',
        token,
        body: { name: 'Weekly', items: [{ offeringId: offerings[1], quantity: 1 }] },
      }),
      201,
      SmartCart,
    );
    expect(smart.items).toHaveLength(1);
  });

  it('cms: the page context of a signed-in visitor', async () => {
    const query = new URLSearchParams({
      cid: TEST_CID,
      isLoggedIn: 'true',
      url: JSON.stringify({
        origin: 'http://localhost:3000',
        host: 'localhost:3000',
        pathname: '/',
      }),
    });
    const response = await platform.call(`/cms-api/context?${query}`, { token });
    expect(response.status, await response.clone().text()).toBe(200);
    const context = CmsContext.parse(JSON.parse(await response.json()));
    expect(context.tenant.id).toBe('fresh');
  });

  it('outlives the server ending its idle connections (a restart, a failover, an administrator)', async () => {
    expect((await platform.call(cataloguePaths.categories)).status).toBe(200);
    const { rows } = await platform.db.query<{ name: string }>('select current_database() as name');
    const admin = new pg.Client({ connectionString: server.adminUrl });
    await admin.connect();
    try {
      const ended = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1',
        [rows[0]!.name],
      );
      expect(ended.rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    await sleep(200);
    expect((await platform.call(cataloguePaths.categories)).status).toBe(200);
  });

  it('tells whoever opened the database of each idle connection the server ended', async () => {
    const lost: Error[] = [];
    const db = await openDb({
      databaseUrl: server.url,
      onIdleConnectionError: (error) => lost.push(error),
    });
    try {
      const { rows } = await db.query<{ pid: number }>('select pg_backend_pid() as pid');
      const admin = new pg.Client({ connectionString: server.adminUrl });
      await admin.connect();
      await admin
        .query('select pg_terminate_backend($1)', [rows[0]!.pid])
        .finally(() => admin.end());
      await expect.poll(() => lost.length).toBe(1);
      expect(lost[0]!.message).toMatch(/terminating connection/);
      expect((await db.query<{ one: number }>('select 1 as one')).rows[0]!.one).toBe(1);
    } finally {
      await db.close();
    }
  });
});
