import type { Queryable } from '../../db/db';

// The next short number of a shop's orders (docs/decisions/0165): 10001, 10002, ... per shop.
// Called inside the order's transaction: the counter row stays locked until it commits, so two
// orders never get the same number, and a rolled-back order gives its number back.
export const FIRST_ORDER_NUMBER = 10001;

export async function nextOrderNumber(tx: Queryable, tenantId: string): Promise<number> {
  const { rows } = await tx.query<{ last_number: number }>(
    `insert into order_numbers (tenant_id, last_number) values ($1, $2)
     on conflict (tenant_id) do update set last_number = order_numbers.last_number + 1
     returning last_number`,
    [tenantId, FIRST_ORDER_NUMBER],
  );
  return rows[0]!.last_number;
}

/** The number as the shop shows it and the API returns it. */
export const orderNumberText = (number: number): string => String(number);
