import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_BASE } from '../../shared/contracts/catalogue';
import { createKnownNames } from './known-names';

// The products and brands each shop was lately seen to have (ADR 0275).
const SHOP = 'https://fresh.example';
const OTHER = 'https://harbour.example';
const milk = { kind: 'product', slug: 'dairy-eggs/meadowbrook/milk' } as const;
const meadowbrook = { kind: 'brand', slug: 'meadowbrook' } as const;

describe('known names', () => {
  it("knows a shop's names from its answers and documents, not another shop's", () => {
    const names = createKnownNames();
    names.sawAnswer(SHOP, `${CATALOGUE_BASE}/brands`, { items: [{ slug: 'meadowbrook' }] });
    names.saw(SHOP, milk);
    expect(names.has(SHOP, meadowbrook)).toBe(true);
    expect(names.has(SHOP, milk)).toBe(true);
    expect(names.has(OTHER, milk)).toBe(false);
    expect(names.has(SHOP, { kind: 'brand', slug: milk.slug })).toBe(false);
  });

  it('forgets a name not found, one not seen for its time, and one past the bound', async () => {
    const names = createKnownNames({ max: 2 });
    names.saw(SHOP, milk);
    names.forget(SHOP, milk);
    expect(names.has(SHOP, milk)).toBe(false);
    names.saw(SHOP, milk);
    names.saw(SHOP, meadowbrook);
    names.saw(OTHER, milk);
    expect(names.has(SHOP, milk)).toBe(false);
    expect(names.has(OTHER, milk)).toBe(true);

    const brief = createKnownNames({ ttlMs: 20 });
    brief.saw(SHOP, milk);
    await sleep(40);
    expect(brief.has(SHOP, milk)).toBe(false);
  });

  it("purges one shop's names, or all", () => {
    const names = createKnownNames();
    names.saw(SHOP, milk);
    names.saw(OTHER, milk);
    expect(names.purge(SHOP)).toBe(1);
    expect(names.has(SHOP, milk)).toBe(false);
    expect(names.has(OTHER, milk)).toBe(true);
    expect(names.purge()).toBe(1);
  });
});
