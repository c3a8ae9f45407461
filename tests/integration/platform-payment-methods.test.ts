import { describe, expect, it } from 'vitest';
import { PaymentMethod, PaymentMethodList, profilePaths } from '../../shared/contracts/profile';
import { card, newShopper, startProfilePlatform } from './platform-profile-support';

// Payment methods over real HTTP: brand, last four digits and expiry kept, never the card number.
const profile = startProfilePlatform();

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
      const response = await profile.platform.call(profilePaths.paymentMethods, {
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
        await (await profile.platform.call(profilePaths.paymentMethods, { token })).json(),
      ).items,
    ).toEqual([]);
  });

  it('keeps brand, last four, expiry and holder only: the number is nowhere in the database or the answer', async () => {
    const token = await newShopper();
    const number = '5555 5555 5555 4444';
    const response = await profile.platform.call(profilePaths.paymentMethods, {
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

    const { rows } = await profile.platform.db.query(
      'select * from payment_methods where id = $1',
      [stored.id],
    );
    expect(rows).toHaveLength(1);
    for (const [column, value] of Object.entries(rows[0]!)) {
      const asText = String(value instanceof Date ? value.toISOString() : value);
      expect(asText, column).not.toContain('5555555555554444');
      expect(asText, column).not.toContain('555555555555');
    }
    // Nor anywhere else the platform writes (outbox, any text column of any table).
    const tables = await profile.platform.db.query<{ table_name: string; column_name: string }>(
      `select table_name, column_name from information_schema.columns
       where table_schema = 'public' and data_type in ('text', 'jsonb', 'character varying')`,
    );
    for (const { table_name, column_name } of tables.rows) {
      const hit = await profile.platform.db.query(
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
          await profile.platform.call(profilePaths.paymentMethods, {
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

    const switched = await profile.platform.call(profilePaths.paymentMethod(amex.id), {
      method: 'PUT',
      token,
      body: { isDefault: true },
    });
    expect(switched.status).toBe(200);
    const list = PaymentMethodList.parse(
      await (await profile.platform.call(profilePaths.paymentMethods, { token })).json(),
    );
    expect(list.items.map((c) => [c.id, c.isDefault])).toEqual([
      [amex.id, true],
      [visa.id, false],
    ]);

    const other = await newShopper();
    expect(
      (
        await profile.platform.call(profilePaths.paymentMethod(amex.id), {
          method: 'DELETE',
          token: other,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await profile.platform.call(profilePaths.paymentMethod(amex.id), {
          method: 'DELETE',
          token,
        })
      ).status,
    ).toBe(204);
    const after = PaymentMethodList.parse(
      await (await profile.platform.call(profilePaths.paymentMethods, { token })).json(),
    );
    expect(after.items.map((c) => [c.id, c.isDefault])).toEqual([[visa.id, true]]);
  });
});
