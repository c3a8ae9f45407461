import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DeliveryAddress,
  DeliveryAddressList,
  PaymentMethod,
  PaymentMethodList,
  ProfileInfo,
  profilePaths,
} from '../../shared/contracts/profile';
import { startPlatform, type TestPlatform } from '../support/platform';

// The profile service over real HTTP: info, delivery addresses with one default, and payment
// methods that keep brand, last four digits and expiry only (never the card number).
let platform: TestPlatform;
let accountSeq = 0;

beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(() => platform.close());

async function newShopper(): Promise<string> {
  const id = `acc-profile-${++accountSeq}`;
  await platform.db.query(
    `insert into accounts (id, tenant_id, email, login, password_hash, first_name, last_name, activated)
     values ($1, 'fresh', $2, $2, 'x', 'Pat', 'Profile', true)`,
    [id, `${id}@example.com`],
  );
  return platform.tokenFor({ principalId: id, accountId: id, tenantId: 'fresh' });
}

const address = (line1: string, isDefault = false) => ({
  name: 'Pat Profile',
  line1,
  postcode: 'D04 1AB',
  city: 'Dublin',
  country: 'Ireland',
  isDefault,
});
const card = (cardNumber: string, extra: Record<string, unknown> = {}) => ({
  cardNumber,
  expiryMonth: 11,
  expiryYear: new Date().getUTCFullYear() + 2,
  holderName: 'Pat Profile',
  ...extra,
});

describe('profile info', () => {
  it('reads and changes name and phone; the e-mail stays as it is', async () => {
    const token = await newShopper();
    const before = ProfileInfo.parse(
      await (await platform.call(profilePaths.info, { token })).json(),
    );
    expect(before).toMatchObject({ firstName: 'Pat', lastName: 'Profile', phone: '' });
    const response = await platform.call(profilePaths.info, {
      method: 'PUT',
      token,
      body: {
        firstName: ' Patricia ',
        lastName: 'Profile',
        phone: '+353 1 555 0123',
        email: 'evil@example.com',
      },
    });
    expect(response.status).toBe(200);
    expect(ProfileInfo.parse(await response.json())).toEqual({
      email: before.email,
      firstName: 'Patricia',
      lastName: 'Profile',
      phone: '+353 1 555 0123',
    });
    const bad = await platform.call(profilePaths.info, {
      method: 'PUT',
      token,
      body: { firstName: '', lastName: 'x', phone: 'call me' },
    });
    expect(bad.status).toBe(400);
    const { message } = (await bad.json()).error;
    expect(message).toContain('firstName');
    expect(message).toContain('phone');
  });

  it('answers 401 without a signed-in account', async () => {
    const guest = await platform.tokenFor({
      principalId: 'guest:p',
      accountId: null,
      tenantId: 'fresh',
    });
    for (const path of [profilePaths.info, profilePaths.addresses, profilePaths.paymentMethods]) {
      expect((await platform.call(path)).status).toBe(401);
      expect((await platform.call(path, { token: guest })).status).toBe(401);
    }
  });
});

describe('delivery addresses', () => {
  it('creates, lists (default first), replaces and deletes, keeping exactly one default', async () => {
    const token = await newShopper();
    const first = DeliveryAddress.parse(
      await (
        await platform.call(profilePaths.addresses, {
          method: 'POST',
          token,
          body: address('1 First St'),
        })
      ).json(),
    );
    expect(first.isDefault).toBe(true);
    const created = await platform.call(profilePaths.addresses, {
      method: 'POST',
      token,
      body: address('2 Second St', true),
    });
    expect(created.status).toBe(201);
    const second = DeliveryAddress.parse(await created.json());
    const list = DeliveryAddressList.parse(
      await (await platform.call(profilePaths.addresses, { token })).json(),
    );
    expect(list.items.map((a) => [a.line1, a.isDefault])).toEqual([
      ['2 Second St', true],
      ['1 First St', false],
    ]);

    const replaced = await platform.call(profilePaths.address(first.id), {
      method: 'PUT',
      token,
      body: { ...address('1b First St'), instructions: 'Ring twice', line2: 'Flat 2' },
    });
    expect(replaced.status).toBe(200);
    expect(DeliveryAddress.parse(await replaced.json())).toMatchObject({
      line1: '1b First St',
      line2: 'Flat 2',
      instructions: 'Ring twice',
      isDefault: false,
    });

    expect(
      (await platform.call(profilePaths.address(second.id), { method: 'DELETE', token })).status,
    ).toBe(204);
    const after = DeliveryAddressList.parse(
      await (await platform.call(profilePaths.addresses, { token })).json(),
    );
    expect(after.items.map((a) => [a.id, a.isDefault])).toEqual([[first.id, true]]);
  });

  it("hides other shoppers' addresses (404) and refuses bad input with a 400 naming the fields", async () => {
    const token = await newShopper();
    const other = await newShopper();
    const mine = DeliveryAddress.parse(
      await (
        await platform.call(profilePaths.addresses, {
          method: 'POST',
          token,
          body: address('3 Third St'),
        })
      ).json(),
    );
    expect(
      (
        await platform.call(profilePaths.address(mine.id), {
          method: 'PUT',
          token: other,
          body: address('stolen'),
        })
      ).status,
    ).toBe(404);
    expect(
      (await platform.call(profilePaths.address(mine.id), { method: 'DELETE', token: other }))
        .status,
    ).toBe(404);
    expect(
      DeliveryAddressList.parse(
        await (await platform.call(profilePaths.addresses, { token: other })).json(),
      ).items,
    ).toEqual([]);

    const bad = await platform.call(profilePaths.addresses, {
      method: 'POST',
      token,
      body: { name: 'x', line1: '', city: 5 },
    });
    expect(bad.status).toBe(400);
    const { message } = (await bad.json()).error;
    for (const field of ['line1', 'postcode', 'city', 'country']) expect(message).toContain(field);
  });
});

describe('payment methods', () => {
  it('refuses numbers that fail Luhn, have the wrong length or are expired, without echoing them', async () => {
    const token = await newShopper();
    const cases: [Record<string, unknown>, string][] = [
      [card('4242 4242 4242 4241'), 'not valid'],
      [card('4242 42'), '12 to 19 digits'],
      [card('4242-4242-4242-4242'), '12 to 19 digits'],
      [card('4242424242424242', { expiryMonth: 1, expiryYear: 2020 }), 'expired'],
      [card('4242424242424242', { expiryMonth: 13 }), 'expiryMonth'],
      [{ ...card('4242424242424242'), cardNumber: 4242424242424242 }, 'cardNumber'],
    ];
    for (const [body, message] of cases) {
      const response = await platform.call(profilePaths.paymentMethods, {
        method: 'POST',
        token,
        body,
      });
      const text = await response.text();
      expect(response.status, text).toBe(400);
      expect(text).toContain(message);
      expect(text).not.toMatch(/4242\s?4242/);
    }
    expect(
      PaymentMethodList.parse(
        await (await platform.call(profilePaths.paymentMethods, { token })).json(),
      ).items,
    ).toEqual([]);
  });

  it('keeps brand, last four, expiry and holder only: the number is nowhere in the database or the answer', async () => {
    const token = await newShopper();
    const number = '5555 5555 5555 4444';
    const response = await platform.call(profilePaths.paymentMethods, {
      method: 'POST',
      token,
      body: card(number),
    });
    const text = await response.text();
    expect(response.status, text).toBe(201);
    expect(text).not.toContain('5555555555554444');
    expect(text).not.toContain('token');
    const stored = PaymentMethod.parse(JSON.parse(text));
    expect(stored).toMatchObject({
      brand: 'mastercard',
      last4: '4444',
      expiryMonth: 11,
      holderName: 'Pat Profile',
      isDefault: true,
    });
    expect(Object.keys(JSON.parse(text)).sort()).toEqual([
      'brand',
      'expiryMonth',
      'expiryYear',
      'holderName',
      'id',
      'isDefault',
      'last4',
    ]);

    const { rows } = await platform.db.query('select * from payment_methods where id = $1', [
      stored.id,
    ]);
    expect(rows).toHaveLength(1);
    for (const [column, value] of Object.entries(rows[0]!)) {
      const asText = String(value instanceof Date ? value.toISOString() : value);
      expect(asText, column).not.toContain('5555555555554444');
      expect(asText, column).not.toContain('555555555555');
    }
    // Nor anywhere else the platform writes (outbox, any text column of any table).
    const tables = await platform.db.query<{ table_name: string; column_name: string }>(
      `select table_name, column_name from information_schema.columns
       where table_schema = 'public' and data_type in ('text', 'jsonb', 'character varying')`,
    );
    for (const { table_name, column_name } of tables.rows) {
      const hit = await platform.db.query(
        `select 1 from "${table_name}" where "${column_name}"::text like '%5555555555554444%' limit 1`,
      );
      expect(hit.rows, `${table_name}.${column_name}`).toEqual([]);
    }
  });

  it("detects brands, switches the default, deletes, and hides other shoppers' cards", async () => {
    const token = await newShopper();
    const add = async (number: string) =>
      PaymentMethod.parse(
        await (
          await platform.call(profilePaths.paymentMethods, {
            method: 'POST',
            token,
            body: card(number),
          })
        ).json(),
      );
    const visa = await add('4242424242424242');
    const amex = await add('3782 822463 10005');
    expect([visa.brand, visa.isDefault, amex.brand, amex.last4, amex.isDefault]).toEqual([
      'visa',
      true,
      'amex',
      '0005',
      false,
    ]);

    const switched = await platform.call(profilePaths.paymentMethod(amex.id), {
      method: 'PUT',
      token,
      body: { isDefault: true },
    });
    expect(switched.status).toBe(200);
    const list = PaymentMethodList.parse(
      await (await platform.call(profilePaths.paymentMethods, { token })).json(),
    );
    expect(list.items.map((c) => [c.id, c.isDefault])).toEqual([
      [amex.id, true],
      [visa.id, false],
    ]);

    const other = await newShopper();
    expect(
      (await platform.call(profilePaths.paymentMethod(amex.id), { method: 'DELETE', token: other }))
        .status,
    ).toBe(404);
    expect(
      (await platform.call(profilePaths.paymentMethod(amex.id), { method: 'DELETE', token }))
        .status,
    ).toBe(204);
    const after = PaymentMethodList.parse(
      await (await platform.call(profilePaths.paymentMethods, { token })).json(),
    );
    expect(after.items.map((c) => [c.id, c.isDefault])).toEqual([[visa.id, true]]);
  });
});
