import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uaaPaths } from '../../shared/contracts/uaa';
import { FAILED_RENEWAL_BUDGET } from '../../server/limits/page-budgets';
import type { FaultProxy } from '../support/fault-proxy';
import { rawRequest } from '../support/raw-http';
import {
  startTappedGateway,
  type TappedGateway,
  EXPIRED_ACCESS_TOKEN as EXPIRED,
} from '../support/tapped-gateway';

// ADR 0357's proof cookie, attacked: a refresh token the gateway set and uaa has since refused
// (revoked by a sign-out, or spent by its rotation) keeps its proof, so it is never budgeted; its refusal is remembered per
// shop origin (the refresher's key). Sent with another Host each time (any name passes: the
// port is checked, the name is the platform's), it cost one uaa renewal per Host, without bound.
// The proof now names the shop origin it was set for (a browser sends it back to that host only):
// under another Host it proves nothing, and the address budget bounds the replays. A
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

const jarOf = (lines: string[]) =>
  new Map(lines.map((line) => line.split(';')[0]!.split('=') as [string, string]));

const setCookies = (headers: Record<string, unknown>) =>
  [headers['set-cookie'] ?? []].flat().map(String);

async function session(host: string, cookie: string) {
  const answer = await rawRequest(base, 'GET', '/auth/session', { host, cookie });
  return { account: (JSON.parse(answer.body) as { account: unknown }).account, answer };
}

describe("a spent refresh token with the gateway's proof, replayed under other Hosts", () => {
  it('costs uaa at most the address budget, not one renewal per Host', async () => {
    const shop = new URL(base).host;
    const port = new URL(base).port;
    const guest = await rawRequest(base, 'POST', '/auth/guest', {
      origin: base,
      'x-csrf': '1',
    });
    expect(guest.status).toBe(200);
    const jar = jarOf(setCookies(guest.headers));
    const cookie = `refresh_token=${jar.get('refresh_token')}; session_proof=${jar.get('session_proof')}`;
    // Signed out: uaa revokes the refresh token; the browser drops the cookies, an attacker keeps them.
    const signOut = await rawRequest(base, 'POST', '/auth/sign-out', {
      origin: base,
      'x-csrf': '1',
      cookie: `access_token=${jar.get('access_token')}; ${cookie}`,
    });
    expect(signOut.status).toBe(204);
    const spent = `access_token=${EXPIRED}; ${cookie}`;
    // Refused on the shop itself, and remembered there.
    const own = tap.seen.length;
    expect((await session(shop, spent)).account).toBeNull();
    expect((await session(shop, spent)).account).toBeNull();
    expect(renewals(own)).toBe(1);

    const from = tap.seen.length;
    const hosts = FAILED_RENEWAL_BUDGET.max + 10;
    for (let i = 0; i < hosts; i++) {
      // A Host that names no shop is a 421 (ADR 0379); its renewal was tried on the way.
      const replay = await session(`shop-${i}.example:${port}`, spent);
      expect(replay.answer.status).toBe(421);
    }
    expect(renewals(from)).toBeLessThanOrEqual(FAILED_RENEWAL_BUDGET.max);
    // Past the budget, none.
    const after = tap.seen.length;
    for (let i = 0; i < 5; i++) await session(`later-${i}.example:${port}`, spent);
    expect(renewals(after)).toBe(0);
  });
});
