import type { Page } from 'playwright-core';
import { bookingPaths } from '../../shared/contracts/booking';
import { listPaths } from '../../shared/contracts/lists';
import type { TestShop } from './shop';

// The demo shop as a shopper on a phone sees it at its widest: a cart and a shopping list that
// hold the catalogue's longest product names ("Stone-Baked White Sandwich Bread"), one by the case.
type Line = { offeringId: string; quantity: number; byCase: boolean };

/** The fresh shop's three available offerings with the longest product names. */
async function longestNamed(shop: TestShop): Promise<Line[]> {
  const { rows } = await shop.platform.db.query<{ id: string }>(
    `select o.id from offerings o join products p on p.id = o.product_id
     where o.tenant_id = 'fresh' and o.available and o.stock > 0
     order by length(p.name) desc, p.name limit 3`,
  );
  return rows.map((row, n) => ({ offeringId: row.id, quantity: n + 1, byCase: n === 2 }));
}

/** The demo shopper's cart (set, not added to) and their "Weekly shop" list get those lines. */
export async function fillDemoShopper(shop: TestShop): Promise<void> {
  const { access_token: token } = await shop.platform.signIn('fresh');
  for (const line of await longestNamed(shop)) {
    const put = await shop.platform.call(bookingPaths.item('fresh'), {
      method: 'PUT',
      token,
      body: line,
    });
    if (!put.ok) throw new Error(`cart: ${put.status}`);
    const add = await shop.platform.call(listPaths.items('list-fresh-demo-weekly'), {
      method: 'POST',
      token,
      body: { ...line, note: 'the ripest ones please' },
    });
    if (add.status !== 201) throw new Error(`list: ${add.status}`);
  }
}

/** A guest's cart, through the gateway as the page's cart code fills it (a guest session first). */
export async function fillGuestCart(page: Page, shop: TestShop): Promise<void> {
  const lines = await longestNamed(shop);
  await page.evaluate(
    async ({ lines, path }) => {
      const csrf = { 'x-csrf': '1' };
      const session = await fetch('/auth/guest', { method: 'POST', headers: csrf });
      if (!session.ok) throw new Error(`guest session ${session.status}`);
      for (const line of lines) {
        const response = await fetch(path, {
          method: 'PUT',
          headers: { ...csrf, 'content-type': 'application/json' },
          body: JSON.stringify(line),
        });
        if (!response.ok) throw new Error(`cart ${response.status}`);
      }
    },
    { lines, path: bookingPaths.item('fresh') },
  );
}
