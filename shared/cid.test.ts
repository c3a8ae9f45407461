import { describe, expect, it } from 'vitest';
import { createCid, isCid } from './cid';

describe('cid', () => {
  it('creates 32 characters of base64 without + / =', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const cid = createCid();
      expect(cid).toMatch(/^[A-Za-z0-9]{32}$/);
      seen.add(cid);
    }
    expect(seen.size).toBe(500);
  });

  it('accepts only well-formed ids', () => {
    expect(isCid('a'.repeat(32))).toBe(true);
    expect(isCid('a'.repeat(31))).toBe(false);
    expect(isCid(`${'a'.repeat(31)}+`)).toBe(false);
    expect(isCid(`${'a'.repeat(31)}\n`)).toBe(false);
    expect(isCid(undefined)).toBe(false);
  });
});
