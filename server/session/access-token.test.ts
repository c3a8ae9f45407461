import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  accessCookieDead,
  expiresSoon,
  refusalEndsSession,
  renewAccessToken,
  renewsFirst,
  type Renewal,
} from './access-token';
import type { RefreshOutcome } from './refresh';
import { expiryOf } from './token-expiry';
import { sessionProof } from './session-proof';

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

// What a renewal does with uaa's answer, for each state of the access token (ADR 0022, 0243):
// a refusal ends the session unless the token renewed ahead of its expiry still works.
describe('renewAccessToken: cookies and token for every token state and uaa answer', () => {
  const now = Math.floor(Date.now() / 1000);
  const tokens = {
    'inside the margin (30 s left)': jwt({ sub: 'guest:g1', exp: now + 30 }),
    'expired a minute ago': jwt({ sub: 'guest:g1', exp: now - 60 }),
    'missing, or refused by a service': null,
  };
  const answers: Record<string, RefreshOutcome> = {
    renewed: {
      kind: 'refreshed',
      pair: {
        access_token: 'new-access',
        refresh_token: 'new-refresh',
        token_type: 'Bearer',
        expires_in: 300,
      },
    },
    invalid_grant: { kind: 'invalid_grant', refusedBy: 'uaa' },
    'a 502': { kind: 'failed', status: 502, reason: 'status' },
  };
  // [token state, uaa's answer, what the answer carries]
  const table: [keyof typeof tokens, keyof typeof answers, Renewal['kind']][] = [
    ['inside the margin (30 s left)', 'renewed', 'renewed'],
    ['inside the margin (30 s left)', 'invalid_grant', 'kept'],
    ['inside the margin (30 s left)', 'a 502', 'kept'],
    ['expired a minute ago', 'renewed', 'renewed'],
    ['expired a minute ago', 'invalid_grant', 'ended'],
    ['expired a minute ago', 'a 502', 'kept'],
    ['missing, or refused by a service', 'renewed', 'renewed'],
    ['missing, or refused by a service', 'invalid_grant', 'ended'],
    ['missing, or refused by a service', 'a 502', 'kept'],
  ];

  it.each(table)('token %s, uaa answers %s: %s', async (state, answer, expected) => {
    const renewal = await renewAccessToken(
      {
        refresher: { refresh: async () => answers[answer]! },
        config: { cookieSecure: true },
        serializeCookie: (name, value) => `${name}=${value}`,
      },
      'refresh-1',
      { cid: 'c'.repeat(32), shopOrigin: 'http://shop.localhost' },
      silentLog,
      tokens[state],
    );
    expect(renewal.kind).toBe(expected);
    if (renewal.kind === 'renewed') expect(renewal.accessToken).toBe('new-access');
    if (renewal.kind === 'renewed')
      expect(renewal.cookies).toEqual([
        'access_token=new-access',
        'refresh_token=new-refresh',
        // The gateway's proof that it set this refresh token (ADR 0357).
        `session_proof=${sessionProof('new-refresh', 'http://shop.localhost', undefined)}`,
      ]);
    if (renewal.kind === 'ended')
      expect(renewal.cookies).toEqual(['access_token=', 'refresh_token=', 'session_proof=']);
  });

  it('renews early only inside the margin, so an early refusal is always of a working token', () => {
    expect(renewsFirst(tokens['inside the margin (30 s left)'], 'refresh-1')).toBe(true);
    expect(renewsFirst(jwt({ exp: now + 300 }), 'refresh-1')).toBe(false);
    expect(renewsFirst(null, 'refresh-1')).toBe(true);
    expect(renewsFirst(null, null)).toBe(false);
  });
});

describe('refusalEndsSession', () => {
  const now = 1_800_000_000;
  it('keeps the session while the token renewed ahead still works, to its last second', () => {
    expect(refusalEndsSession(jwt({ exp: now + 59 }), now)).toBe(false);
    expect(refusalEndsSession(jwt({ exp: now + 1 }), now)).toBe(false);
  });

  it('ends it once the token has expired, without a token, or with an opaque one', () => {
    expect(refusalEndsSession(jwt({ exp: now }), now)).toBe(true);
    expect(refusalEndsSession(jwt({ exp: now - 5 }), now)).toBe(true);
    expect(refusalEndsSession(null, now)).toBe(true);
    expect(refusalEndsSession('opaque-token-0123456789', now)).toBe(true);
  });
});

describe('accessCookieDead (ADR 0391)', () => {
  const now = 1_800_000_000;
  it('is an access token past its own exp that came without a refresh token', () => {
    expect(accessCookieDead({ accessToken: jwt({ exp: now }), refreshToken: null }, now)).toBe(
      true,
    );
    const expired = jwt({ exp: now - 60 });
    expect(accessCookieDead({ accessToken: expired, refreshToken: null }, now)).toBe(true);
  });

  it('is not a token that still works, one a refresh token can renew, an opaque one or none', () => {
    const working = jwt({ exp: now + 1 });
    const expired = jwt({ exp: now - 60 });
    expect(accessCookieDead({ accessToken: working, refreshToken: null }, now)).toBe(false);
    expect(accessCookieDead({ accessToken: expired, refreshToken: 'r1' }, now)).toBe(false);
    const opaque = 'opaque-token-0123456789';
    expect(accessCookieDead({ accessToken: opaque, refreshToken: null }, now)).toBe(false);
    expect(accessCookieDead({ accessToken: null, refreshToken: null }, now)).toBe(false);
  });
});

const silentLog = {
  info: () => undefined,
  warn: () => undefined,
} as unknown as FastifyBaseLogger;
