import { afterAll, beforeAll } from 'vitest';
import { startPlatform, type TestPlatform } from '../support/platform';

// The profile tests' platform (platform-profile.test.ts, platform-payment-methods.test.ts): a
// seeded reference platform over real HTTP, new signed-in shoppers, and form bodies.
let accountSeq = 0;
/** This test file's platform, set once its beforeAll ran. */
export const profile = {} as { platform: TestPlatform };

/** Starts the platform for the calling test file (beforeAll) and closes it (afterAll). */
export function startProfilePlatform(): typeof profile {
  beforeAll(async () => {
    profile.platform = await startPlatform();
  });
  afterAll(() => profile.platform.close());
  return profile;
}

/** A new activated shopper of `fresh`; their access token. */
export async function newShopper(): Promise<string> {
  const id = `acc-profile-${++accountSeq}`;
  await profile.platform.db.query(
    `insert into accounts (id, tenant_id, email, login, password_hash, first_name, last_name, activated)
     values ($1, 'fresh', $2, $2, 'x', 'Pat', 'Profile', true)`,
    [id, `${id}@example.com`],
  );
  return profile.platform.tokenFor({ principalId: id, accountId: id, tenantId: 'fresh' });
}

export const address = (line1: string, isDefault = false) => ({
  name: 'Pat Profile',
  line1,
  postcode: 'D04 K7W2',
  city: 'Dublin',
  country: 'IE',
  isDefault,
});
export const card = (cardNumber: string, extra: Record<string, unknown> = {}) => ({
  cardNumber,
  expiryMonth: 11,
  expiryYear: new Date().getUTCFullYear() + 2,
  holderName: 'Pat Profile',
  ...extra,
});
