import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RefreshOutcome } from '../../server/session/refresh';
import { redisSharedRefresh } from '../../server/session/shared-refresh';
import { startRedis, type TestRedis } from '../support/redis';

// One renewal per session across replicas (issue #25 item 1, docs/decisions/0220): the lock and
// the shared outcome on a real redis-server; each `replica` is its own connection, as processes
// would be. The two-process test through nginx is tests/reliability/replica-renewal.test.ts.
let redis: TestRedis;
const connections: Redis[] = [];

beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await Promise.all(connections.map((c) => c.quit().catch(() => null)));
  await redis?.close();
});

const connect = (url = redis.url) => {
  const connection = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    lazyConnect: true,
  });
  connection.on('error', () => undefined);
  connections.push(connection);
  return connection;
};
const errors: unknown[] = [];
const replica = async (lockMs = 10_000) => {
  const connection = connect();
  await connection.connect();
  return redisSharedRefresh(connection, {
    lockMs,
    resultMs: 5_000,
    onError: (e) => errors.push(e),
  });
};
const refreshed = (n: number): RefreshOutcome => ({
  kind: 'refreshed',
  pair: {
    access_token: `a.${n}.s`,
    refresh_token: `rt.new${n}`,
    token_type: 'Bearer',
    expires_in: 2,
  },
});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('shared renewal through Redis', () => {
  it('renews once for callers on several replicas; all get the same pair', async () => {
    const replicas = await Promise.all([replica(), replica(), replica()]);
    let calls = 0;
    const uaa = async () => {
      calls++;
      await sleep(150);
      return refreshed(calls);
    };
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, (_, i) => replicas[i % 3]!('key-once', 'rt.old-once', uaa)),
    );
    expect(calls).toBe(1);
    expect(new Set(outcomes.map((o) => JSON.stringify(o))).size).toBe(1);
    expect(outcomes[0]).toEqual(refreshed(1));
    // A late caller (within the memo time) gets it from Redis too.
    expect(await replicas[2]!('key-once', 'rt.old-once', uaa)).toEqual(refreshed(1));
    expect(calls).toBe(1);
  });

  it('reads the outcome again once it has the lock: the last holder may have just let go', async () => {
    // Replica A renews and lets go; B read "no outcome yet" just before, then takes the free lock.
    const a = await replica();
    await a('key-race', 'rt.old-race', async () => refreshed(5));
    const connection = connect();
    await connection.connect();
    let reads = 0;
    const late = {
      get: (k: string) => (reads++ === 0 ? Promise.resolve(null) : connection.get(k)),
      set: connection.set.bind(connection),
      eval: connection.eval.bind(connection),
    } as unknown as Redis;
    const b = redisSharedRefresh(late, { lockMs: 10_000, resultMs: 5_000, onError: () => {} });
    let called = false;
    const outcome = await b('key-race', 'rt.old-race', async () => {
      called = true;
      return refreshed(6);
    });
    expect(called).toBe(false);
    expect(outcome).toEqual(refreshed(5));
  });

  it('keeps no readable token in Redis', async () => {
    const share = await replica();
    await share('key-sealed', 'rt.old-sealed', async () => refreshed(7));
    const reader = connect();
    await reader.connect();
    const stored = await reader.get('storefront:renewal:result:key-sealed');
    expect(stored).toBeTruthy();
    expect(Buffer.from(stored!, 'base64url').toString('latin1')).not.toContain('rt.new7');
    // Another refresh token (a different session that would hash alike) cannot open it.
    let called = false;
    const other = await share('key-sealed', 'rt.someone-else', async () => {
      called = true;
      return refreshed(8);
    });
    expect(called).toBe(true);
    expect(other).toEqual(refreshed(8));
  });

  it('shares no transient failure: the next caller tries again', async () => {
    const [a, b] = await Promise.all([replica(), replica()]);
    const failed: RefreshOutcome = { kind: 'failed', status: 503, reason: 'down' };
    expect(await a('key-failed', 'rt.old-failed', async () => failed)).toEqual(failed);
    expect(await b('key-failed', 'rt.old-failed', async () => refreshed(2))).toEqual(refreshed(2));
  });

  it('shares invalid_grant: every replica ends the session alike', async () => {
    const [a, b] = await Promise.all([replica(), replica()]);
    let calls = 0;
    const refused = async (): Promise<RefreshOutcome> => {
      calls++;
      await sleep(50);
      return { kind: 'invalid_grant', refusedBy: 'uaa' };
    };
    const outcomes = await Promise.all([
      a('key-ig', 'rt.ig', refused),
      b('key-ig', 'rt.ig', refused),
    ]);
    expect(outcomes).toEqual([
      { kind: 'invalid_grant', refusedBy: 'uaa' },
      { kind: 'invalid_grant', refusedBy: 'uaa' },
    ]);
    expect(calls).toBe(1);
  });

  it("reads another replica's outcome without renewing, waiting for one in progress", async () => {
    const [a, b] = await Promise.all([replica(), replica()]);
    await a('key-read', 'rt.old-read', async () => refreshed(10));
    expect(await b.remembered('key-read', 'rt.old-read')).toEqual(refreshed(10));
    // Sealed for another token, or nothing renewed: nothing to name.
    expect(await b.remembered('key-read', 'rt.someone-else')).toBeNull();
    expect(await b.remembered('key-none', 'rt.none')).toBeNull();
    // A renewal still under way on A: B waits for its outcome.
    const renewing = a('key-slow', 'rt.old-slow', async () => {
      await sleep(150);
      return refreshed(11);
    });
    await sleep(20);
    expect(await b.remembered('key-slow', 'rt.old-slow')).toEqual(refreshed(11));
    await renewing;
  });

  it('asks uaa itself when the lock holder is gone past the lock time', async () => {
    const share = await replica(300);
    await connections.at(-1)!.set('storefront:renewal:lock:key-gone', 'someone', 'PX', 60_000);
    const started = Date.now();
    expect(await share('key-gone', 'rt.gone', async () => refreshed(3))).toEqual(refreshed(3));
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('asks uaa itself at once when Redis cannot be reached', async () => {
    const down = connect('redis://127.0.0.1:1');
    const share = redisSharedRefresh(down, {
      lockMs: 5_000,
      resultMs: 5_000,
      onError: (e) => errors.push(e),
    });
    const before = errors.length;
    expect(await share('key-down', 'rt.down', async () => refreshed(4))).toEqual(refreshed(4));
    expect(errors.length).toBe(before + 1);
  });
});
