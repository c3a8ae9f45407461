import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uaaPaths } from '../../shared/contracts/uaa';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { FAILED_RENEWAL_BUDGET } from '../../server/limits/page-budgets';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy';
import { startPlatform, type TestPlatform } from '../support/platform';
import { rawRequest } from '../support/raw-http';

// ADR 0357's proof cookie, attacked: a refresh token the gateway set and uaa has since refused
// (revoked by a sign-out, or spent by its rotation) keeps its proof, so it is never budgeted; its refusal is remembered per
// shop origin (the refresher's key). Sent with another Host each time (any name passes: the
// port is checked, the name is the platform's), it cost one uaa renewal per Host, without bound.
// The proof now names the shop origin it was set for (a browser sends it back to that host only):
// under another Host it proves nothing, and the address budget bounds the replays. A
// pass-through proxy between the gateway and the reference platform counts uaa's renewals.
let platform: TestPlatform;
let tap: FaultProxy;
let gateway: FastifyInstance;
let base: string;
beforeAll(async () => {
  platform = await startPlatform();
  tap = await startFaultProxy(platform.url);
  gateway = await buildApp(
    loadConfig({
      PLATFORM_URL: tap.url,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      COOKIE_SECURE: 'false',
    }),
  );
  await gateway.listen({ port: 0, host: '127.0.0.1' });
  base = `http://localhost:${(gateway.server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  await gateway?.close();
  await tap?.close();
  await platform?.close();
});

/** A JWT-shaped access token that expired a minute ago (the gateway only reads `exp`). */
const EXPIRED = [
  Buffer.from('{"alg":"none"}').toString('base64url'),
  Buffer.from(JSON.stringify({ exp: Math.floor(Date.now() / 1000) - 60 })).toString('base64url'),
  'x',
].join('.');

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
      const replay = await session(`shop-${i}.example:${port}`, spent);
      expect(replay.account).toBeNull();
    }
    expect(renewals(from)).toBeLessThanOrEqual(FAILED_RENEWAL_BUDGET.max);
    // Past the budget, none.
    const after = tap.seen.length;
    for (let i = 0; i < 5; i++) await session(`later-${i}.example:${port}`, spent);
    expect(renewals(after)).toBe(0);
  });
});
