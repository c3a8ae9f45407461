import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RefreshResult, TokenResult } from '../uaa/client';
import { createRefresher, type RefreshOutcome } from './refresh';

const ctx = { cid: 'c'.repeat(32), shopOrigin: 'http://shop.localhost' };
const ok = (n: string): TokenResult => ({
  kind: 'ok',
  pair: { access_token: `a${n}`, refresh_token: `r${n}`, token_type: 'Bearer', expires_in: 60 },
});

afterEach(() => vi.useRealTimers());

describe('createRefresher', () => {
  it('shares one call among concurrent callers and remembers the outcome for the memo time', async () => {
    vi.useFakeTimers();
    const refresh = vi.fn(async () => ok('1'));
    const refresher = createRefresher({ refresh }, { memoMs: 30_000 });
    const [a, b] = await Promise.all([
      refresher.refresh('old', ctx),
      refresher.refresh('old', ctx),
    ]);
    expect(a).toEqual(b);
    expect(await refresher.refresh('old', ctx)).toEqual(a);
    expect(refresh).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(30_001);
    expect(refresher.size()).toBe(0);
    await refresher.refresh('old', ctx);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('remembers a refresh for a few seconds only: an old token is not a new pair 30 s later', async () => {
    vi.useFakeTimers();
    const refresh = vi
      .fn<() => Promise<TokenResult>>()
      .mockResolvedValueOnce(ok('1'))
      .mockResolvedValueOnce({ kind: 'invalid_grant' });
    const refresher = createRefresher({ refresh });
    expect((await refresher.refresh('old', ctx)).kind).toBe('refreshed');
    vi.advanceTimersByTime(4_000);
    expect((await refresher.refresh('old', ctx)).kind).toBe('refreshed');
    vi.advanceTimersByTime(1_001);
    expect(refresher.size()).toBe(0);
    // uaa decides again: the token is spent.
    expect((await refresher.refresh('old', ctx)).kind).toBe('invalid_grant');
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('names the refresh token that replaced one here, for its memo time only (the cart merge)', async () => {
    vi.useFakeTimers();
    const refresh = vi
      .fn<() => Promise<TokenResult>>()
      .mockResolvedValueOnce(ok('1'))
      .mockResolvedValueOnce({ kind: 'invalid_grant' });
    const refresher = createRefresher({ refresh });
    expect(await refresher.newest('old', ctx)).toBe('old');
    await refresher.refresh('old', ctx);
    expect(await refresher.newest('old', ctx)).toBe('r1');
    expect(await refresher.newest('old', { shopOrigin: 'http://other.localhost' })).toBe('old');
    await refresher.refresh('spent', ctx);
    expect(await refresher.newest('spent', ctx)).toBe('spent');
    vi.advanceTimersByTime(5_001);
    expect(await refresher.newest('old', ctx)).toBe('old');
  });

  it('waits for a renewal in flight here before naming the newest token', async () => {
    let answer: (result: TokenResult) => void = () => {};
    const refresh = vi.fn(() => new Promise<TokenResult>((resolve) => (answer = resolve)));
    const refresher = createRefresher({ refresh });
    const renewing = refresher.refresh('old', ctx);
    const newest = refresher.newest('old', ctx);
    answer(ok('3'));
    await renewing;
    expect(await newest).toBe('r3');
  });

  it("names the token another replica's renewal replaced (shared), not the spent one", async () => {
    const pair = { access_token: 'a9', refresh_token: 'r9', token_type: 'Bearer', expires_in: 60 };
    const remembered = vi.fn(async (_key: string, token: string) =>
      token === 'old' ? { kind: 'refreshed' as const, pair } : null,
    );
    const renew = async () => ({ kind: 'invalid_grant' as const, refusedBy: 'uaa' as const });
    const refresher = createRefresher(
      { refresh: vi.fn() },
      { shared: Object.assign(renew, { remembered }) },
    );
    expect(await refresher.newest('old', ctx)).toBe('r9');
    expect(await refresher.newest('other', ctx)).toBe('other');
    expect(remembered).toHaveBeenCalledTimes(2);
  });

  it('refuses a token uaa refused again without a call, and budgets only tokens it did not set (ADR 0357)', async () => {
    const refresh = vi.fn(async (): Promise<TokenResult> => ({ kind: 'invalid_grant' }));
    let failed = 0;
    const failures = { left: async () => 2 - failed, take: async () => void (failed += 1) };
    const refresher = createRefresher({ refresh }, { memoMs: 0, failures });
    const visitor = { ...ctx, address: '203.0.113.9' };
    const byUaa = { kind: 'invalid_grant', refusedBy: 'uaa' };
    expect(await refresher.refresh('a', visitor)).toEqual(byUaa);
    expect(await refresher.refresh('b', visitor)).toEqual(byUaa);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(refresher.size()).toBe(0);
    // 'a' was refused minutes ago; 'c' comes from an address with no failed renewal left. Each
    // refusal names who refused, as the metric's reasons do (ADR 0373).
    expect(await refresher.refresh('a', visitor)).toEqual({
      kind: 'invalid_grant',
      refusedBy: 'refused_before',
    });
    expect(await refresher.refresh('c', visitor)).toEqual({
      kind: 'invalid_grant',
      refusedBy: 'address_budget',
    });
    expect(refresh).toHaveBeenCalledTimes(2);
    // A token with the gateway's proof is asked for whatever the address spent.
    refresh.mockResolvedValueOnce(ok('9'));
    expect((await refresher.refresh('mine', { ...visitor, vouched: true })).kind).toBe('refreshed');
    expect(refresh).toHaveBeenCalledTimes(3);
    expect(failed).toBe(2);
  });

  it("fails on uaa's other 4xx, unremembered, counted without a proof; never its 5xx, 408 or 429 (ADR 0364)", async () => {
    const answers: RefreshResult[] = [
      { kind: 'refused', status: 400 },
      { kind: 'refused', status: 401 },
      { kind: 'failed', status: 503, reason: 'status' },
      { kind: 'failed', status: 429, reason: 'status' },
      { kind: 'failed', status: null, reason: 'timeout' },
    ];
    const refresh = vi.fn(async (_ctx: unknown, token: string) => answers[Number(token)]!);
    let failed = 0;
    const failures = { left: async () => 4 - failed, take: async () => void (failed += 1) };
    const refresher = createRefresher({ refresh }, { memoMs: 0, failures });
    const visitor = { ...ctx, address: '203.0.113.9' };
    const outcomes = [];
    for (const token of ['0', '1', '2', '3', '4'])
      outcomes.push(await refresher.refresh(token, visitor));
    // A failed renewal, as uaa's trouble is: the session does not end on it.
    expect(outcomes).toEqual([
      { kind: 'failed', status: 400, reason: 'refused' },
      { kind: 'failed', status: 401, reason: 'refused' },
      { kind: 'failed', status: 503, reason: 'status' },
      { kind: 'failed', status: 429, reason: 'status' },
      { kind: 'failed', status: null, reason: 'timeout' },
    ]);
    // Only the 4xx, of a token without the gateway's proof, count against the address.
    expect(failed).toBe(2);
    expect(await refresher.refresh('0', { ...visitor, vouched: true })).toMatchObject({
      reason: 'refused',
    });
    expect(failed).toBe(2);
    // Nothing is remembered: uaa is asked again for each.
    for (const token of ['1', '2']) await refresher.refresh(token, visitor);
    expect(refresh).toHaveBeenCalledTimes(8);
    expect(failed).toBe(3);
    // The fourth refusal spends the budget: a token without its proof is then refused unasked.
    await refresher.refresh('0', visitor);
    expect(failed).toBe(4);
    expect(await refresher.refresh('2', visitor)).toEqual({
      kind: 'invalid_grant',
      refusedBy: 'address_budget',
    });
    expect(refresh).toHaveBeenCalledTimes(9);
  });

  it('answers a refusal again within the memo time as remembered, not as uaa asked (ADR 0373)', async () => {
    const refresh = vi.fn(async (): Promise<TokenResult> => ({ kind: 'invalid_grant' }));
    const refresher = createRefresher({ refresh });
    const [first, shared] = await Promise.all([
      refresher.refresh('spent', ctx),
      refresher.refresh('spent', ctx),
    ]);
    // The request that shared the call was answered by uaa; the one after, by what was remembered.
    expect([first, shared]).toEqual([
      { kind: 'invalid_grant', refusedBy: 'uaa' },
      { kind: 'invalid_grant', refusedBy: 'uaa' },
    ]);
    expect(await refresher.refresh('spent', ctx)).toEqual({
      kind: 'invalid_grant',
      refusedBy: 'refused_before',
    });
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("takes another replica's shared refusal as uaa's, whatever that replica wrote of it", async () => {
    // A replica of an older version shares its refusal without saying who refused.
    const older = { kind: 'invalid_grant' } as RefreshOutcome;
    const shared = Object.assign(async () => older, { remembered: async () => null });
    const refresher = createRefresher({ refresh: vi.fn() }, { shared });
    expect(await refresher.refresh('spent', ctx)).toEqual({
      kind: 'invalid_grant',
      refusedBy: 'uaa',
    });
  });

  it('lets a burst at once from one address reach uaa at most the budget left (ADR 0364)', async () => {
    const refresh = vi.fn(async (): Promise<TokenResult> => ({ kind: 'invalid_grant' }));
    let failed = 0;
    const failures = { left: async () => 5 - failed, take: async () => void (failed += 1) };
    const refresher = createRefresher({ refresh }, { failures });
    const visitor = { ...ctx, address: '2001:db8::1' };
    // Another address of the same /64 is the same budget.
    const neighbour = { ...ctx, address: '2001:db8::2' };
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) => refresher.refresh(`t${i}`, i % 2 ? visitor : neighbour)),
    );
    expect(outcomes.every((outcome) => outcome.kind === 'invalid_grant')).toBe(true);
    expect(refresh).toHaveBeenCalledTimes(5);
    expect(failed).toBe(5);
  });

  it('does not remember transient failures', async () => {
    const refresh = vi
      .fn<() => Promise<TokenResult>>()
      .mockResolvedValueOnce({ kind: 'failed', status: 503, reason: 'status' })
      .mockResolvedValueOnce(ok('2'));
    const refresher = createRefresher({ refresh });
    expect((await refresher.refresh('t', ctx)).kind).toBe('failed');
    expect((await refresher.refresh('t', ctx)).kind).toBe('refreshed');
  });

  it('does not hand out a remembered pair whose access token has expired or nearly (uaa is asked again)', async () => {
    const jwt = (exp: number) =>
      `h.${Buffer.from(JSON.stringify({ exp })).toString('base64url')}.s`;
    const now = Date.now() / 1000;
    const pair = (access: string): TokenResult => ({
      kind: 'ok',
      pair: { access_token: access, refresh_token: 'rt.next', token_type: 'Bearer', expires_in: 2 },
    });
    const refresh = vi
      .fn<() => Promise<TokenResult>>()
      .mockResolvedValueOnce(pair(jwt(now - 1)))
      .mockResolvedValueOnce(pair(jwt(now + 0.5)))
      .mockResolvedValueOnce(pair(jwt(now + 60)));
    const refresher = createRefresher({ refresh });
    await refresher.refresh('old', ctx);
    // Half a second left is too little too (uaa's rule for the pair it hands back is the same).
    await refresher.refresh('old', ctx);
    const again = await refresher.refresh('old', ctx);
    expect(again.kind === 'refreshed' && again.pair.access_token).toBe(jwt(now + 60));
    // That one is live: remembered.
    await refresher.refresh('old', ctx);
    expect(refresh).toHaveBeenCalledTimes(3);
  });

  it('keys by shop as well as by token; every port of a shop is that shop (ADR 0364)', async () => {
    const refresh = vi.fn(async () => ok('3'));
    const refresher = createRefresher({ refresh });
    await refresher.refresh('t', ctx);
    await refresher.refresh('t', { ...ctx, shopOrigin: 'http://other.localhost' });
    expect(refresh).toHaveBeenCalledTimes(2);
    await refresher.refresh('t', { ...ctx, shopOrigin: 'http://shop.localhost:8080' });
    expect(refresh).toHaveBeenCalledTimes(2);
  });
});
