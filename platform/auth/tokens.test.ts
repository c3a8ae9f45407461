import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/db';
import { loadSigner, type TokenSigner } from './tokens';

// Verified tokens are remembered (docs/decisions/0282): a signer that has seen a token answers
// exactly as a fresh one that has not, at any time, for genuine, expired and forged tokens.
function keyStore(): Db {
  let row: Record<string, unknown> | undefined;
  return {
    query: async (sql: string, params: readonly unknown[] = []) => {
      if (sql.startsWith('insert') && !row)
        row = {
          kid: params[0],
          private_jwk: JSON.parse(String(params[1])),
          public_jwk: JSON.parse(String(params[2])),
        };
      return { rows: (sql.startsWith('select') && row ? [row] : []) as never[] };
    },
  } as unknown as Db;
}

const claims = { principalId: 'acc-1', accountId: 'acc-1', tenantId: 'fresh', sessionId: 'fam-1' };
const tamper = (token: string) => {
  const [head, body, signature] = token.split('.');
  const flipped = signature!.startsWith('A')
    ? `B${signature!.slice(1)}`
    : `A${signature!.slice(1)}`;
  return [head, body, flipped].join('.');
};

afterEach(() => {
  vi.useRealTimers();
});

describe('TokenSigner.verify', () => {
  it('answers a token it has seen as a fresh signer does, before and after it expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T12:00:00.000Z'));
    const keys = keyStore();
    const seen: TokenSigner = await loadSigner(keys);
    const token = await seen.sign(claims, 300);
    const expected = { ...claims, expired: false };
    expect(await seen.verify(token)).toEqual(expected);
    expect(await seen.verify(token)).toEqual(expected);

    // The last second of its life, then the second it expires (exp <= now), as jose decides.
    for (const [at, answer] of [
      ['2026-11-28T12:04:59.999Z', expected],
      ['2026-11-28T12:05:00.000Z', { expired: true }],
      ['2026-11-28T12:04:59.000Z', expected],
    ] as const) {
      vi.setSystemTime(new Date(at));
      const fresh = await loadSigner(keys);
      expect(await fresh.verify(token)).toEqual(answer);
      expect(await seen.verify(token)).toEqual(answer);
    }
  });

  it('refuses a forged token even when the genuine one is remembered, and never remembers it', async () => {
    const signer = await loadSigner(keyStore());
    const token = await signer.sign(claims, 300);
    expect(await signer.verify(token)).toMatchObject({ expired: false });
    const forged = tamper(token);
    expect(await signer.verify(forged)).toBeNull();
    expect(await signer.verify(forged)).toBeNull();
    expect(await signer.verify('not.a.token')).toBeNull();
    expect(await signer.verify(token)).toMatchObject({ expired: false });
  });

  it('returns a copy: a caller changing its answer changes no later answer', async () => {
    const signer = await loadSigner(keyStore());
    const token = await signer.sign(claims, 300);
    const first = await signer.verify(token);
    if (first && !first.expired) first.tenantId = 'harbour';
    expect(await signer.verify(token)).toMatchObject({ tenantId: 'fresh' });
  });
});
