import type { Queryable } from '../../db/db';

// The demo shopper's two delivery addresses (the first is the default) and one card. Created only
// when missing: what the shopper changes in the demo survives a restart.
export type DemoProfile = { addressIds: [string, string]; paymentMethodId: string };

const ADDRESSES: Record<
  string,
  {
    name: string;
    line1: string;
    line2: string;
    postcode: string;
    city: string;
    /** ISO 3166-1 alpha-2 (ADR 0340). */
    country: string;
    phone: string;
    instructions: string;
  }[]
> = {
  fresh: [
    {
      name: 'Sam Shopper',
      line1: '12 Merrion Square',
      line2: 'Flat 3',
      postcode: 'D02 XY45',
      city: 'Dublin',
      country: 'IE',
      phone: '+353 1 555 0100',
      instructions: 'Ring the top bell',
    },
    {
      name: 'Sam Shopper',
      line1: 'Grand Canal Dock Offices',
      line2: '4th floor',
      postcode: 'D02 P820',
      city: 'Dublin',
      country: 'IE',
      phone: '+353 1 555 0199',
      instructions: 'Leave with reception',
    },
  ],
  harbour: [
    {
      name: 'Alex Harbour',
      line1: '7 Quay Street',
      line2: '',
      postcode: 'TR18 4BD',
      city: 'Penzance',
      country: 'GB',
      phone: '+44 20 7946 0100',
      instructions: 'Blue door, side gate',
    },
    {
      name: 'Alex Harbour',
      line1: 'The Old Boathouse',
      line2: 'Harbour Road',
      postcode: 'TR26 1LP',
      city: 'St Ives',
      country: 'GB',
      phone: '+44 20 7946 0199',
      instructions: '',
    },
  ],
};

export async function seedProfile(
  tx: Queryable,
  tenantId: string,
  accountId: string,
): Promise<DemoProfile> {
  const addressIds: [string, string] = [`adr-${tenantId}-demo-home`, `adr-${tenantId}-demo-work`];
  for (const [index, a] of (ADDRESSES[tenantId] ?? ADDRESSES.fresh!).entries()) {
    // No conflict target: the one-default index also makes a re-run do nothing.
    await tx.query(
      `insert into delivery_addresses (id, tenant_id, account_id, name, line1, line2, postcode, city, country, phone,
         instructions, is_default, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) on conflict do nothing`,
      [
        addressIds[index],
        tenantId,
        accountId,
        a.name,
        a.line1,
        a.line2,
        a.postcode,
        a.city,
        a.country,
        a.phone,
        a.instructions,
        index === 0,
        `2026-01-0${index + 5}T09:00:00Z`,
      ],
    );
  }
  const paymentMethodId = `pm-${tenantId}-demo-visa`;
  // A test card: visa ending 4242. Only brand, last four, expiry, holder and a token are stored.
  await tx.query(
    `insert into payment_methods (id, tenant_id, account_id, brand, last4, expiry_month, expiry_year, holder_name,
       token, is_default, created_at)
     values ($1, $2, $3, 'visa', '4242', 12, 2030, $4, $5, true, '2026-01-05T09:00:00Z') on conflict do nothing`,
    [
      paymentMethodId,
      tenantId,
      accountId,
      ADDRESSES[tenantId]?.[0]?.name ?? 'Demo Shopper',
      `pm_tok_demo_${tenantId}`,
    ],
  );
  return { addressIds, paymentMethodId };
}
