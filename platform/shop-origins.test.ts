import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatform, type TestPlatform } from '../tests/support/platform';
import { applyShopOrigins, loadShopOrigins } from './shop-origins';

// SHOP_ORIGINS (docs/decisions/0229): e-mail links at the origin the shop is reached at.
describe('SHOP_ORIGINS', () => {
  it('reads a map of shop ids to origins, and names what is wrong', () => {
    expect(loadShopOrigins({})).toEqual({});
    expect(
      loadShopOrigins({
        SHOP_ORIGINS: '{"fresh":"https://localhost:8443/","harbour":"https://h.example"}',
      }),
    ).toEqual({ fresh: 'https://localhost:8443', harbour: 'https://h.example' });
    expect(() => loadShopOrigins({ SHOP_ORIGINS: 'fresh=https://x' })).toThrow(/JSON object/);
    expect(() => loadShopOrigins({ SHOP_ORIGINS: '{"fresh":"ftp://x"}' })).toThrow(
      /SHOP_ORIGINS\.fresh: must be an http\(s\) origin/,
    );
    expect(() => loadShopOrigins({ SHOP_ORIGINS: '{"fresh":"https://x/shop"}' })).toThrow(
      /no path/,
    );
  });
});

describe('applyShopOrigins', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startPlatform({ seeds: ['core'] });
  }, 60_000);
  afterAll(() => platform?.close());

  it("sets the shop's origin, which the e-mail links use, and refuses an unknown shop", async () => {
    await applyShopOrigins(platform.db, { fresh: 'https://localhost:8443' });
    const { rows } = await platform.db.query<{ id: string; origin: string }>(
      'select id, origin from tenants order by id',
    );
    expect(rows).toEqual([
      { id: 'fresh', origin: 'https://localhost:8443' },
      { id: 'harbour', origin: 'http://harbour.localhost:3000' },
    ]);
    await expect(applyShopOrigins(platform.db, { nope: 'https://x' })).rejects.toThrow(/nope/);
  });
});
