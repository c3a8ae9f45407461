import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uaaPaths } from '../../shared/contracts/uaa';
import { FAILED_RENEWAL_BUDGET } from '../../server/limits/page-budgets';
import { renewalsRefused } from '../../server/observability/metrics';
import type { FaultProxy } from '../support/fault-proxy';
import { DEMO } from '../support/platform';
import {
  startTappedGateway,
  type TappedGateway,
  EXPIRED_ACCESS_TOKEN as EXPIRED,
} from '../support/tapped-gateway';

// Made-up refresh-token cookies on /auth/session each cost one uaa renewal, without limit: 300 at
// once slowed every shopper's pages to 2-3.6 s (an attack round). Now (ADR 0357): a token uaa
// refused is refused again without a call, and once an address has spent its budget of failed
// renewals a token the gateway did not set is answered as signed out (cookies cleared) without
// asking uaa; a shopper's own token (with the gateway's proof) from that address still renews. A
// pass-through proxy between the gateway and the reference platform counts uaa's renewals.
let tap: FaultProxy;
let base: string;
let shop: TappedGateway;
beforeAll(async () => {
  shop = await startTappedGateway();
  ({ tap, base } = shop);
}, 120_000);
afterAll(() => shop?.close());

const renewals = (from: number) =>
  tap.seen.slice(from).filter((seen) => seen.url.startsWith(uaaPaths.refresh)).length;

async function session(cookie: string) {
  const answer = await fetch(`${base}/auth/session`, { headers: { cookie } });
  return {
    account: ((await answer.json()) as { account: unknown }).account,
    cookies: answer.headers.getSetCookie(),
  };
}

const refused = async (reason: string) =>
  (await renewalsRefused.get()).values.find((value) => value.labels.reason === reason)?.value ?? 0;

describe('renewals of made-up refresh tokens', () => {
  it('cost uaa one call per token, and none past the address budget', async () => {
    const from = tap.seen.length;
    const byBudget = await refused('address_budget');
    const attempts = FAILED_RENEWAL_BUDGET.max + 20;
    const answers = await Promise.all(
      Array.from({ length: attempts }, (_, i) =>
        session(`access_token=${EXPIRED}; refresh_token=made-up-${i}`),
      ),
    );
    for (const answer of answers) {
      expect(answer.account).toBeNull();
      expect(answer.cookies).toEqual(
        expect.arrayContaining([expect.stringMatching(/^refresh_token=; Max-Age=0/)]),
      );
    }
    // All at once: no more reach uaa than the budget (ADR 0364: those past it wait for the
    // first answers, then are refused); none after.
    const burst = renewals(from);
    expect(burst).toBeLessThanOrEqual(FAILED_RENEWAL_BUDGET.max);
    const after = tap.seen.length;
    for (let i = 0; i < 10; i++) {
      const later = await session(`access_token=${EXPIRED}; refresh_token=later-${i}`);
      expect(later.account).toBeNull();
      expect(later.cookies).toEqual(
        expect.arrayContaining([expect.stringMatching(/^access_token=; Max-Age=0/)]),
      );
    }
    expect(renewals(after)).toBe(0);
    expect((await refused('address_budget')) - byBudget).toBeGreaterThanOrEqual(10);
  });

  it("never refuses a shopper's own token from that address: it renews at uaa", async () => {
    const signIn = await fetch(`${base}/auth/sign-in`, {
      method: 'POST',
      headers: { origin: base, 'x-csrf': '1', 'content-type': 'application/json' },
      body: JSON.stringify(DEMO),
    });
    expect(signIn.status).toBe(200);
    const jar = new Map(
      signIn.headers
        .getSetCookie()
        .map((line) => line.split(';')[0]!.split('=') as [string, string]),
    );
    expect(jar.get('session_proof')).toMatch(/^[\w-]{32}$/);
    // Its access token due: the page load renews first, with the shopper's refresh token.
    const from = tap.seen.length;
    const renewed = await session(
      `access_token=${EXPIRED}; refresh_token=${jar.get('refresh_token')}; session_proof=${jar.get('session_proof')}`,
    );
    expect(renewed.account).toMatchObject({ email: DEMO.email });
    expect(renewals(from)).toBe(1);
    expect(renewed.cookies).toEqual(
      expect.arrayContaining([expect.stringMatching(/^session_proof=[\w-]{32};/)]),
    );
    // The same token without its proof is one the gateway cannot tell from a made-up one.
    const unproven = await session(`access_token=${EXPIRED}; refresh_token=unproven-shopper`);
    expect(unproven.account).toBeNull();
  });
});
