import { afterAll, beforeAll, expect, it } from 'vitest';
import { Booking, bookingPaths } from '../../shared/contracts/booking';
import { startPlatform, type TestPlatform } from '../support/platform';

// Reading a cart that exists costs one statement and no transaction (ADR 0285): PGlite's only
// connection is not held while the page's other calls wait. The answer is the one the last change
// gave; the first read of a principal still creates its cart.
let platform: TestPlatform;
let offerings: string[];

beforeAll(async () => {
  platform = await startPlatform({ seeds: ['core', 'catalogue'] });
  const { rows } = await platform.db.query<{ id: string }>(
    "select id from offerings where tenant_id = 'fresh' and available order by id limit 2",
  );
  offerings = rows.map((r) => r.id);
});
afterAll(() => platform.close());

const guestToken = (n: number) =>
  platform.tokenFor({ principalId: `guest:read-${n}`, accountId: null, tenantId: 'fresh' });

async function booking(response: Response): Promise<Booking> {
  expect(response.status, await response.clone().text()).toBe(200);
  return Booking.parse(await response.json());
}

it("reads a cart that exists in one statement, in its items' order, as the changes answer it", async () => {
  const token = await guestToken(1);
  const put = (body: unknown) =>
    platform.call(bookingPaths.item('fresh'), { method: 'PUT', token, body });
  await booking(await put({ offeringId: offerings[1], quantity: 2, byCase: false }));
  const changed = await booking(await put({ offeringId: offerings[0], quantity: 1, byCase: true }));

  // The platform's database, watched for the read: one statement, no transaction.
  const db = platform.db;
  const { query, transaction } = db;
  const statements: string[] = [];
  let transactions = 0;
  db.query = (sql, params) => (statements.push(sql), query.call(db, sql, params)) as never;
  db.transaction = (fn) => (transactions++, transaction.call(db, fn)) as never;
  let read: Booking;
  try {
    read = await booking(await platform.call(bookingPaths.cart('fresh'), { token }));
  } finally {
    Object.assign(db, { query, transaction });
  }
  // The sweep's own statements may come meanwhile (a VACUUM of carts, ADR 0387's turns): not the read's.
  const reads = statements.filter((sql) => !/^\s*vacuum\b/i.test(sql));
  expect(reads.filter((sql) => /\bcarts?\b|cart_items/.test(sql))).toHaveLength(1);
  expect(transactions).toBe(0);
  expect(read).toEqual(changed);
  expect(read.items.map((i) => i.offeringId)).toEqual([offerings[1], offerings[0]]);
});

it('creates an empty cart on the first read of a principal', async () => {
  const first = await booking(
    await platform.call(bookingPaths.cart('fresh'), { token: await guestToken(2) }),
  );
  expect(first).toMatchObject({ items: [], notes: [], lastUpdate: null });
  const again = await booking(
    await platform.call(bookingPaths.cart('fresh'), { token: await guestToken(2) }),
  );
  expect(again.uid).toBe(first.uid);
});
