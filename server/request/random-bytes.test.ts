import { describe, expect, it } from 'vitest';
import { randomBase64, randomHex } from './random-bytes';

describe('random ids and nonces from one block', () => {
  it('gives each id the size asked, none equal, across refills of the block', () => {
    const seen = new Set<string>();
    // 4096-byte blocks: 1,000 rounds of 40 bytes refill it ten times, ids cut across no refill.
    for (let i = 0; i < 1_000; i += 1) {
      const ids = [randomHex(16), randomHex(8), randomBase64(16)];
      expect(ids[0]).toMatch(/^[0-9a-f]{32}$/);
      expect(ids[1]).toMatch(/^[0-9a-f]{16}$/);
      expect(Buffer.from(ids[2]!, 'base64')).toHaveLength(16);
      for (const id of ids) {
        expect(seen.has(id)).toBe(false);
        seen.add(id);
      }
    }
  });

  it('cuts each hex id from bytes no other took: no id is part of the one before it', () => {
    let before = randomHex(16);
    for (let i = 0; i < 2_000; i += 1) {
      const id = i % 3 === 0 ? randomHex(16) : randomHex(8);
      expect(before.includes(id) || id.includes(before)).toBe(false);
      expect(before.includes(id.slice(0, 8)) || id.includes(before.slice(-8))).toBe(false);
      before = id;
    }
  });

  it('is not biased: every hex digit about as often', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 2_000; i += 1)
      for (const digit of randomHex(16)) counts.set(digit, (counts.get(digit) ?? 0) + 1);
    // 64,000 digits, 4,000 expected each; 5 standard deviations is ±~300.
    expect(counts.size).toBe(16);
    for (const count of counts.values()) expect(Math.abs(count - 4_000)).toBeLessThan(400);
  });
});
