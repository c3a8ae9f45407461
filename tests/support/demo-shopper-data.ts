import { expect } from 'vitest';
import { listPaths, smartCartPaths } from '../../shared/contracts/list-paths';
import type { TestPlatform } from './platform';

// The demo shopper's lists and smart carts, made through the platform for the browser tests
// that start from them (tests/e2e/a11y-focus-*.test.ts, lists-fill-count.test.ts).

/** Available offerings of the demo shop, as many as asked, with their products' names. */
export async function offerings(platform: TestPlatform, count: number) {
  const { rows } = await platform.db.query<{ id: string; name: string }>(
    `select o.id, p.name from offerings o join products p on p.id = o.product_id
      where o.tenant_id = 'fresh' and o.available order by o.id limit $1`,
    [count],
  );
  expect(rows).toHaveLength(count);
  return rows;
}

/** A call of the platform as the demo shopper; gives its answer's body. */
export async function asDemoShopper<T>(
  platform: TestPlatform,
  path: string,
  method: string,
  body: object,
): Promise<T> {
  const { access_token: token } = await platform.signIn('fresh');
  const answer = await platform.call(path, { method, token, body });
  expect(answer.ok, `${method} ${path}: ${answer.status}`).toBe(true);
  return (await answer.json()) as T;
}

type Line = { offeringId: string; quantity: number };

/** A new list of the demo shopper's holding these lines; gives its id. */
export async function demoList(platform: TestPlatform, name: string, lines: Line[]) {
  const list = await asDemoShopper<{ id: string }>(platform, listPaths.lists, 'POST', { name });
  for (const line of lines) await asDemoShopper(platform, listPaths.items(list.id), 'POST', line);
  return list.id;
}

/** A new smart cart of the demo shopper's holding these lines (in singles); gives its id. */
export async function demoSmartCart(platform: TestPlatform, name: string, lines: Line[]) {
  const items = lines.map((line) => ({ ...line, byCase: false }));
  const cart = await asDemoShopper<{ id: string }>(platform, smartCartPaths.smartCarts, 'POST', {
    name,
    items,
  });
  return cart.id;
}
