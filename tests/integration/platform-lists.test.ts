import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listPaths, ShoppingList, ShoppingListCollection } from '../../shared/contracts/lists';
import { startPlatform, type TestPlatform } from '../support/platform';
import { expectDeleted, json } from '../support/answers';
import { expectCataloguePacks } from '../support/catalogue-packs';

// Shopping lists over real HTTP: CRUD of lists and items, the print data joined from the
// catalogue in one call, access rules and bad input.
let platform: TestPlatform;
let token: string;
let other: string;
let offerings: { id: string; name: string; brand: string; single: number }[];

beforeAll(async () => {
  platform = await startPlatform();
  for (const id of ['acc-lists-1', 'acc-lists-2']) {
    await platform.db.query(
      `insert into accounts (id, tenant_id, email, login, password_hash, activated) values ($1, 'fresh', $2, $2, 'x', true)`,
      [id, `${id}@example.com`],
    );
  }
  token = await platform.tokenFor({
    principalId: 'acc-lists-1',
    accountId: 'acc-lists-1',
    tenantId: 'fresh',
  });
  other = await platform.tokenFor({
    principalId: 'acc-lists-2',
    accountId: 'acc-lists-2',
    tenantId: 'fresh',
  });
  const { rows } = await platform.db.query<{
    id: string;
    name: string;
    brand: string;
    price_single_cents: number;
  }>(
    `select o.id, p.name, b.name as brand, o.price_single_cents from offerings o
     join products p on p.id = o.product_id join brands b on b.id = p.brand_id
     where o.tenant_id = 'fresh' order by o.id limit 3 offset 40`,
  );
  offerings = rows.map((r) => ({
    id: r.id,
    name: r.name,
    brand: r.brand,
    single: r.price_single_cents,
  }));
});
afterAll(() => platform.close());

describe('shopping lists', () => {
  it('creates, renames, lists and deletes lists', async () => {
    const created = await json(
      await platform.call(listPaths.lists, { method: 'POST', token, body: { name: ' Party ' } }),
      201,
      ShoppingList,
    );
    expect(created).toMatchObject({ name: 'Party', items: [], currency: 'EUR' });
    const renamed = await json(
      await platform.call(listPaths.list(created.id), {
        method: 'PUT',
        token,
        body: { name: 'Birthday party' },
      }),
      200,
      ShoppingList,
    );
    expect(renamed.name).toBe('Birthday party');
    const all = await json(
      await platform.call(listPaths.lists, { token }),
      200,
      ShoppingListCollection,
    );
    expect(all.items.map((l) => [l.id, l.name, l.itemCount])).toContainEqual([
      created.id,
      'Birthday party',
      0,
    ]);
    await expectDeleted(platform, listPaths.list(created.id), token);
  });

  it('adds, changes and removes items; the list carries product name, brand and price for printing', async () => {
    const list = await json(
      await platform.call(listPaths.lists, { method: 'POST', token, body: { name: 'Weekly' } }),
      201,
      ShoppingList,
    );
    const [a, b] = offerings;
    await json(
      await platform.call(listPaths.items(list.id), {
        method: 'POST',
        token,
        body: { offeringId: a!.id, quantity: 2, note: 'ripe' },
      }),
      201,
      ShoppingList,
    );
    await json(
      await platform.call(listPaths.items(list.id), {
        method: 'POST',
        token,
        body: { offeringId: b!.id },
      }),
      201,
      ShoppingList,
    );
    // The same offering again adds up instead of making a second line.
    const added = await json(
      await platform.call(listPaths.items(list.id), {
        method: 'POST',
        token,
        body: { offeringId: a!.id, quantity: 1 },
      }),
      201,
      ShoppingList,
    );
    expect(added.items.map((i) => [i.offeringId, i.quantity, i.note])).toEqual([
      [a!.id, 3, 'ripe'],
      [b!.id, 1, ''],
    ]);

    const print = await json(
      await platform.call(listPaths.list(list.id), { token }),
      200,
      ShoppingList,
    );
    expect(print.items[0]!.product).toMatchObject({
      name: a!.name,
      brand: a!.brand,
      priceSingle: a!.single,
    });
    expect(print.items[0]!.product!.slug.length).toBeGreaterThan(0);

    const itemB = print.items[1]!.id;
    const changed = await json(
      await platform.call(listPaths.item(list.id, itemB), {
        method: 'PUT',
        token,
        body: { quantity: 5, note: 'big ones' },
      }),
      200,
      ShoppingList,
    );
    expect(changed.items[1]).toMatchObject({ quantity: 5, note: 'big ones' });
    const removed = await json(
      await platform.call(listPaths.item(list.id, itemB), { method: 'DELETE', token }),
      200,
      ShoppingList,
    );
    expect(removed.items.map((i) => i.offeringId)).toEqual([a!.id]);
    const summary = await json(
      await platform.call(listPaths.lists, { token }),
      200,
      ShoppingListCollection,
    );
    expect(summary.items.find((l) => l.id === list.id)?.itemCount).toBe(1);
  });

  it("shows the demo shopper's seeded list with five priced items, each with its pack", async () => {
    const demo = await platform.tokenFor({
      principalId: 'acc-fresh-demo',
      accountId: 'acc-fresh-demo',
      tenantId: 'fresh',
    });
    const list = await json(
      await platform.call(listPaths.list('list-fresh-demo-weekly'), { token: demo }),
      200,
      ShoppingList,
    );
    expect(list.items).toHaveLength(5);
    expect(list.items.every((i) => i.product && i.product.priceSingle > 0)).toBe(true);
    await expectCataloguePacks(
      platform,
      list.items.map((i) => i.product),
    );
  });

  it("hides other shoppers' lists and answers 401 to guests", async () => {
    const list = await json(
      await platform.call(listPaths.lists, { method: 'POST', token, body: { name: 'Private' } }),
      201,
      ShoppingList,
    );
    const item = (
      await json(
        await platform.call(listPaths.items(list.id), {
          method: 'POST',
          token,
          body: { offeringId: offerings[0]!.id },
        }),
        201,
        ShoppingList,
      )
    ).items[0]!;
    for (const [path, method, body] of [
      [listPaths.list(list.id), 'GET', undefined],
      [listPaths.list(list.id), 'PUT', { name: 'Mine now' }],
      [listPaths.list(list.id), 'DELETE', undefined],
      [listPaths.items(list.id), 'POST', { offeringId: offerings[0]!.id }],
      [listPaths.item(list.id, item.id), 'PUT', { quantity: 2 }],
      [listPaths.item(list.id, item.id), 'DELETE', undefined],
    ] as const) {
      expect(
        (await platform.call(path, { method, token: other, body })).status,
        `${method} ${path}`,
      ).toBe(404);
    }
    expect(
      (await json(await platform.call(listPaths.list(list.id), { token }), 200, ShoppingList))
        .items,
    ).toHaveLength(1);
    const guest = await platform.tokenFor({
      principalId: 'guest:lists',
      accountId: null,
      tenantId: 'fresh',
    });
    expect((await platform.call(listPaths.lists, { token: guest })).status).toBe(401);
    expect((await platform.call(listPaths.lists)).status).toBe(401);
  });

  it('answers bad input with a 400 and a message', async () => {
    const list = await json(
      await platform.call(listPaths.lists, { method: 'POST', token, body: { name: 'Checks' } }),
      201,
      ShoppingList,
    );
    const cases: [string, string, unknown, string][] = [
      [listPaths.lists, 'POST', { name: '' }, 'name'],
      [listPaths.lists, 'POST', {}, 'name'],
      [listPaths.items(list.id), 'POST', { offeringId: 'off-nope' }, 'Unknown offering off-nope'],
      [
        listPaths.items(list.id),
        'POST',
        { offeringId: offerings[0]!.id, quantity: -1 },
        'quantity',
      ],
      [
        listPaths.items(list.id),
        'POST',
        { offeringId: offerings[0]!.id, note: 'x'.repeat(201) },
        'note',
      ],
      [listPaths.item(list.id, 'item-x'), 'PUT', {}, 'Nothing to change'],
    ];
    for (const [path, method, body, message] of cases) {
      const response = await platform.call(path, { method, token, body });
      expect(response.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect((await response.json()).error.message).toContain(message);
    }
    expect(
      (
        await platform.call(listPaths.item(list.id, 'item-x'), {
          method: 'PUT',
          token,
          body: { quantity: 2 },
        })
      ).status,
    ).toBe(404);
  });
});
