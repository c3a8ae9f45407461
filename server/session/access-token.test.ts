import { describe, expect, it } from 'vitest';
import { expiresSoon } from './access-token';
import { expiryOf } from './token-expiry';

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (claims: unknown) => `${part({ alg: 'RS256' })}.${part(claims)}.c2ln`;

describe('the access token expiry the gateway reads (never verifies)', () => {
  it('reads exp from a JWT payload', () => {
    expect(expiryOf(jwt({ sub: 'a', exp: 1_900_000_000 }))).toBe(1_900_000_000);
  });

  it('is null for anything that is not a JWT with a numeric exp', () => {
    expect(expiryOf('opaque-token-0123456789')).toBeNull();
    expect(expiryOf(`${jwt({ exp: 1 })}.extra`)).toBeNull();
    expect(expiryOf(`.${part({ exp: 1 })}.c2ln`)).toBeNull();
    expect(expiryOf(`${part({})}.bm90IGpzb24.c2ln`)).toBeNull();
    expect(expiryOf(jwt({ exp: '1900000000' }))).toBeNull();
    expect(expiryOf(jwt(null))).toBeNull();
    expect(expiryOf(jwt([1]))).toBeNull();
    expect(expiryOf('a.b.c')).toBeNull();
  });

  it('is due within the renewal margin of 60 s, and never for an opaque token', () => {
    const now = 1_800_000_000;
    expect(expiresSoon(jwt({ exp: now + 59 }), now)).toBe(true);
    expect(expiresSoon(jwt({ exp: now - 5 }), now)).toBe(true);
    expect(expiresSoon(jwt({ exp: now + 61 }), now)).toBe(false);
    expect(expiresSoon('opaque-token-0123456789', now)).toBe(false);
  });
});

describe('expiryOf, remembered', () => {
  it('answers each payload with its own exp, past the memory bound', () => {
    for (let i = 0; i < 2_500; i += 1) {
      expect(expiryOf(jwt({ sub: `s${i}`, exp: 1_800_000_000 + i }))).toBe(1_800_000_000 + i);
    }
    expect(expiryOf(jwt({ sub: 's7', exp: 1_800_000_007 }))).toBe(1_800_000_007);
  });
});
