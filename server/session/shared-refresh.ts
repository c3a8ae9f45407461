import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { live, type RefreshOutcome, type SharedRefresh } from './refresh';

// One renewal per session across replicas (REDIS_URL; issue #25 item 1, docs/decisions/0220).
// The replica that takes a short Redis lock, keyed by the refresher's hash of shop and refresh
// token, calls uaa; it keeps the outcome in Redis for the memo time and releases the lock. The
// others wait for that outcome (polling, a few ms apart) instead of calling uaa themselves. The
// outcome is sealed (AES-256-GCM) under a key derived from the old refresh token: Redis never holds
// a readable token. Whatever goes wrong with Redis (down, slow, the lock holder gone past the lock
// time), a replica calls uaa itself: uaa's reuse window then hands it the same pair.
// `remembered` reads a shared outcome without renewing: the sign-in's guest token for the cart
// merge, whichever replica renewed it.
export type SharedRefreshOptions = {
  /** How long the lock holds, and the longest another replica waits for its outcome. */
  lockMs: number;
  /** How long the outcome stays in Redis (the refresher's memo time). */
  resultMs: number;
  pollMs?: number;
  onError(error: unknown): void;
};

type Commands = Pick<Redis, 'get' | 'set' | 'eval'>;

const LOCK = 'storefront:renewal:lock:';
const RESULT = 'storefront:renewal:result:';
// Deletes the lock only while it is still this replica's.
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`;

export function redisSharedRefresh(redis: Commands, options: SharedRefreshOptions): SharedRefresh {
  const pollMs = options.pollMs ?? 10;

  async function lead(
    key: string,
    owner: string,
    token: string,
    refresh: () => Promise<RefreshOutcome>,
  ) {
    const outcome = await refresh();
    try {
      // A transient failure is not shared: the next replica to ask takes the lock and tries.
      if (outcome.kind !== 'failed')
        await redis.set(RESULT + key, seal(token, outcome), 'PX', options.resultMs);
      await redis.eval(RELEASE, 1, LOCK + key, owner);
    } catch (error) {
      options.onError(error);
    }
    return outcome;
  }

  const renew = async (key: string, token: string, refresh: () => Promise<RefreshOutcome>) => {
    const deadline = Date.now() + options.lockMs;
    const owner = randomBytes(12).toString('base64url');
    try {
      for (;;) {
        const stored = await redis.get(RESULT + key);
        if (stored !== null) {
          const outcome = open(token, stored);
          if (outcome && live(outcome)) return outcome;
          // Sealed for another token, or its access token expired: this replica asks uaa itself
          // (under the lock, so the others wait for it).
          if (!outcome) break;
        }
        if ((await redis.set(LOCK + key, owner, 'PX', options.lockMs, 'NX')) === 'OK') {
          // The last holder may have stored its outcome and let go between the read above and
          // this lock: read again before asking uaa.
          const meanwhile = await redis.get(RESULT + key);
          const outcome = meanwhile === null ? null : open(token, meanwhile);
          if (outcome && live(outcome)) {
            await redis.eval(RELEASE, 1, LOCK + key, owner);
            return outcome;
          }
          return await lead(key, owner, token, refresh);
        }
        if (Date.now() >= deadline) break;
        await new Promise((resolve) => setTimeout(resolve, pollMs));
      }
    } catch (error) {
      options.onError(error);
    }
    return refresh();
  };

  // A renewal in progress elsewhere (its lock held) is waited for, up to the lock time. Once the
  // lock is gone, the outcome is read once more: its holder stores it before letting go.
  async function remembered(key: string, token: string): Promise<RefreshOutcome | null> {
    const deadline = Date.now() + options.lockMs;
    try {
      for (let lockGone = false; ;) {
        const stored = await redis.get(RESULT + key);
        if (stored !== null) return open(token, stored);
        if (lockGone || Date.now() >= deadline) return null;
        lockGone = (await redis.get(LOCK + key)) === null;
        if (!lockGone) await new Promise((resolve) => setTimeout(resolve, pollMs));
      }
    } catch (error) {
      options.onError(error);
      return null;
    }
  }

  return Object.assign(renew, { remembered });
}

const keyOf = (token: string) =>
  Buffer.from(hkdfSync('sha256', token, Buffer.alloc(0), 'storefront shared renewal', 32));

function seal(token: string, outcome: RefreshOutcome): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(token), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(outcome)), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

function open(token: string, sealed: string): RefreshOutcome | null {
  try {
    const raw = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', keyOf(token), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const json = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString();
    const outcome = JSON.parse(json) as RefreshOutcome;
    return outcome.kind === 'refreshed' || outcome.kind === 'invalid_grant' ? outcome : null;
  } catch {
    return null;
  }
}
