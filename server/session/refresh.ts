import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { TokenPair } from '../../shared/contracts/uaa';
import type { UaaCallContext, UaaClient } from '../uaa/client';
import { renewalsRefused, tokenRefreshes } from '../observability/metrics';
import { cookieScope } from './cookie-scope';
import { renewalGate } from './renewal-gate';
import { expiryOf } from './token-expiry';

// Token refresh, once per refresh token per process (docs/decisions/0022):
// - concurrent requests of one visitor share one in-flight refresh;
// - the new pair is remembered for a few seconds (REFRESH_MEMO_MS), keyed by a hash of the old
//   refresh token and the shop as its cookies are scoped (any port of it: ./cookie-scope.ts), so
//   a request that still carries the just-rotated token gets the same new pair instead of
//   replaying a spent token (which uaa treats as theft and answers with invalid_grant).
// A failed renewal (uaa's trouble, or a 4xx that is not invalid_grant) is not remembered: the
// next request may try again.
// With `shared` (REDIS_URL), one replica renews a session for all of them (shared-refresh.ts).
// Renewals uaa need not be asked for (ADR 0357): a token uaa refused with invalid_grant (final: a
// refresh token never comes back to life) is refused again for REFUSED_MS without a call; and
// once an address has spent its budget of failed renewals (`failures`) a token without the
// gateway's proof (`vouched`: one it did not set, as a made-up one) is refused without a call.
// uaa's other 4xx but 408 and 429 (`refused`: maybe an ingress's, not the token's) fail the
// renewal without ending anything; without a proof they count against the address (ADR 0364).
// uaa's own trouble (5xx, 408, 429, no answer) is neither remembered nor counted.
// A refusal says who refused (`refusedBy`, ADR 0373): the log lines of a renewal name it.
export type RefreshOutcome =
  | { kind: 'refreshed'; pair: TokenPair }
  | { kind: 'invalid_grant'; refusedBy: RenewalRefuser }
  | { kind: 'failed'; status: number | null; reason: string };

/**
 * Who refused a renewal: uaa (its invalid_grant, to this request's call or to the call it shared),
 * or the gateway without asking uaa, named as gateway_renewals_refused_total names its reasons: a
 * token uaa refused earlier (within REFUSED_MS) (`refused_before`), or one without its proof from an address that
 * has spent its failed renewals (`address_budget`).
 */
export type RenewalRefuser = 'uaa' | 'refused_before' | 'address_budget';

/** The renewal's call context, and who asks: the address and whether the token is vouched for. */
export type RenewalContext = UaaCallContext & {
  /** The visitor's address (request.ip), the failed-renewal budget's key; none: no budget. */
  address?: string;
  /** The refresh cookie carries the gateway's proof (./session-proof.ts): never budgeted. */
  vouched?: boolean;
};

/** The per-address budget of failed renewals (limits, shared through Redis with REDIS_URL). */
export type FailedRenewals = {
  /** How many failed renewals the address has left (0: spent); counts nothing. */
  left(address: string): Promise<number>;
  /** Counts one failed renewal of the address. */
  take(address: string): Promise<void>;
};

export type Refresher = {
  refresh(refreshToken: string, ctx: RenewalContext): Promise<RefreshOutcome>;
  /**
   * The refresh token that replaced this one within the memo's few seconds, else this one: a
   * sign-in that left the browser with a guest token another request just rotated still names
   * the live guest session, so uaa merges its cart (it refuses a spent token). A renewal in
   * flight here is waited for; with `shared`, one another replica made is read from Redis.
   */
  newest(refreshToken: string, ctx: Pick<UaaCallContext, 'shopOrigin'>): Promise<string>;
  /** Entries in flight or remembered (tests, metrics). */
  size(): number;
};

/**
 * One renewal per session across replicas (./shared-refresh.ts, with Redis): runs `refresh` on one
 * replica and hands its outcome to the others asking with the same key.
 */
export type SharedRefresh = {
  (
    key: string,
    refreshToken: string,
    refresh: () => Promise<RefreshOutcome>,
  ): Promise<RefreshOutcome>;
  /** The outcome a replica shared for this key and token (waiting for one in progress), or null. */
  remembered(key: string, refreshToken: string): Promise<RefreshOutcome | null>;
};

export type RefresherOptions = {
  memoMs?: number;
  shared?: SharedRefresh;
  failures?: FailedRenewals;
  refusedMs?: number;
};

/**
 * How long an outcome is remembered: long enough for the parallel requests of one page load
 * (document, route data, API calls) that left the browser with the old cookie, short enough that
 * a stolen old refresh token is not worth much (issue #12 item 6, docs/decisions/0134).
 */
export const REFRESH_MEMO_MS = 5_000;

/** How long a token uaa refused is refused again without a call (ADR 0357). */
export const REFUSED_MS = 10 * 60_000;
const refusal = (refusedBy: RenewalRefuser): RefreshOutcome => ({
  kind: 'invalid_grant',
  refusedBy,
});
/** The reason of a failed renewal uaa refused otherwise than with invalid_grant (ADR 0364). */
const REFUSAL = 'refused';

/** uaa refused the token (invalid_grant) or the request (another 4xx but 408 and 429). */
const refusedByUaa = (outcome: RefreshOutcome) =>
  outcome.kind === 'invalid_grant' || (outcome.kind === 'failed' && outcome.reason === REFUSAL);

export function createRefresher(
  uaa: Pick<UaaClient, 'refresh'>,
  options: RefresherOptions = {},
): Refresher {
  const memoMs = options.memoMs ?? REFRESH_MEMO_MS;
  const inFlight = new Map<string, Promise<RefreshOutcome>>();
  const memo = new Map<string, RefreshOutcome>();
  // Keys (hashes) only, bounded: at most a few MB, whatever a visitor makes up.
  const refused = new LRUCache<string, true>({
    max: 50_000,
    ttl: options.refusedMs ?? REFUSED_MS,
  });
  const { failures } = options;
  // No more budgeted renewals of an address on their way to uaa than its budget left (ADR 0364).
  const gate = failures && renewalGate(failures.left);

  const callUaa = async (refreshToken: string, ctx: RenewalContext): Promise<RefreshOutcome> => {
    const result = await uaa.refresh({ cid: ctx.cid, shopOrigin: ctx.shopOrigin }, refreshToken);
    tokenRefreshes.inc({ outcome: result.kind === 'ok' ? 'refreshed' : result.kind });
    if (result.kind === 'ok') return { kind: 'refreshed', pair: result.pair };
    if (result.kind === 'invalid_grant') return refusal('uaa');
    // Not final: only invalid_grant says the token is dead (RFC 6749 section 5.2, ADR 0364).
    if (result.kind === 'refused')
      return { kind: 'failed', status: result.status, reason: REFUSAL };
    return result;
  };

  async function ask(
    key: string,
    refreshToken: string,
    ctx: RenewalContext,
  ): Promise<RefreshOutcome> {
    const call = () => callUaa(refreshToken, ctx);
    const outcome = options.shared ? await options.shared(key, refreshToken, call) : await call();
    if (outcome.kind === 'refreshed') {
      memo.set(key, outcome);
      // unref: a remembered outcome never keeps the process alive at shutdown.
      setTimeout(() => memo.delete(key), memoMs).unref();
    }
    // A refusal is remembered as refused, not in the memo: the next request for this token is
    // answered as one uaa was not asked for, and counted so (`refused_before`).
    if (outcome.kind !== 'invalid_grant') return outcome;
    refused.set(key, true);
    // Another replica's is uaa's too (only uaa's answers are shared); an older one names nobody.
    return refusal('uaa');
  }

  async function run(
    key: string,
    refreshToken: string,
    ctx: RenewalContext,
  ): Promise<RefreshOutcome> {
    // Only a token the gateway did not set is budgeted: a shopper's own never is (ADR 0357).
    const address = ctx.address;
    if (!failures || !gate || ctx.vouched || !address) return ask(key, refreshToken, ctx);
    const outcome = await gate(address, async () => {
      const answered = await ask(key, refreshToken, ctx);
      // Counted before the gate lets another go: no moment when this refusal counts nowhere.
      if (refusedByUaa(answered)) await failures.take(address);
      return answered;
    });
    if (outcome !== 'spent') return outcome;
    renewalsRefused.inc({ reason: 'address_budget' });
    return refusal('address_budget');
  }

  return {
    refresh(refreshToken, ctx) {
      const key = keyOf(refreshToken, ctx.shopOrigin);
      const remembered = memo.get(key);
      if (remembered && live(remembered)) return Promise.resolve(remembered);
      if (refused.has(key)) {
        renewalsRefused.inc({ reason: 'refused_before' });
        return Promise.resolve(refusal('refused_before'));
      }
      const pending = inFlight.get(key);
      if (pending) return pending;
      const started = run(key, refreshToken, ctx).finally(() => inFlight.delete(key));
      inFlight.set(key, started);
      return started;
    },
    async newest(refreshToken, ctx) {
      const key = keyOf(refreshToken, ctx.shopOrigin);
      const outcome =
        memo.get(key) ??
        (await inFlight.get(key)) ??
        (await options.shared?.remembered(key, refreshToken));
      return outcome?.kind === 'refreshed' ? outcome.pair.refresh_token : refreshToken;
    },
    size: () => inFlight.size + memo.size,
  };
}

/**
 * A memo key: a hash of the shop, as its cookies are scoped, and the refresh token (never the
 * token itself). Not the origin: every port of a shop shares its cookies (ADR 0364).
 */
function keyOf(refreshToken: string, shopOrigin: string): string {
  return createHash('sha256')
    .update(cookieScope(shopOrigin))
    .update('\n')
    .update(refreshToken)
    .digest('base64url');
}

/**
 * False for a new pair whose access token has expired meanwhile, or has under a second left
 * (access tokens of a few seconds): asked again, uaa hands back the same refresh token with a live
 * access token (its reuse window, docs/decisions/0220, with the same one-second rule) rather than
 * the gateway sending one the services refuse.
 */
export function live(outcome: RefreshOutcome, nowSeconds = Date.now() / 1000): boolean {
  if (outcome.kind !== 'refreshed') return true;
  const exp = expiryOf(outcome.pair.access_token);
  return exp === null || exp - nowSeconds >= 1;
}
