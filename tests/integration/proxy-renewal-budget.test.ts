import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uaaPaths } from '../../shared/contracts/uaa';
import { FAILED_RENEWAL_BUDGET } from '../../server/limits/page-budgets';
import { frontDoorCount } from '../../server/proxy/front-door';
import type { FaultProxy } from '../support/fault-proxy';
import { DEMO } from '../support/platform';
import { rawRequest } from '../support/raw-http';
import {
  startTappedGateway,
  type TappedGateway,
  EXPIRED_ACCESS_TOKEN as EXPIRED,
} from '../support/tapped-gateway';

// The proxy renews first when the access token has expired (ADR 0357's last open door): it did
// not say who asked, so made-up refresh cookies on /api/services/* each cost one uaa renewal,
// however many the address had had refused. Now both doors (the front door's plain reads, and
// Fastify's route) hand the refresher the visitor's address and whether the refresh cookie
// carries the gateway's proof: past the address budget a made-up one is refused without a call,
// while a shopper's own session, proof and all, still renews. A pass-through proxy between the
// gateway and the reference platform counts uaa's renewals.
let tap: FaultProxy;
let gateway: FastifyInstance;
let base: string;
let shop: TappedGateway;
beforeAll(async () => {
  shop = await startTappedGateway();
  ({ tap, gateway, base } = shop);
}, 120_000);
afterAll(() => shop?.close());

const ORDERS = '/api/services/orders/api/v1/orders';

const renewals = (from: number) =>
  tap.seen.slice(from).filter((seen) => seen.url.startsWith(uaaPaths.refresh)).length;

// The shop's Host without its port: an injected request has no local port to check one against,
// and the session proof names the shop origin it was set for (the same for every request here).
const HOST = 'localhost';

/** A plain read over HTTP: the proxy's front door takes it. */
async function frontDoorRead(cookie: string) {
  const answer = await rawRequest(base, 'GET', ORDERS, { host: HOST, cookie });
  return { status: answer.status, cookies: setCookies(answer.headers['set-cookie']) };
}

/** The same read injected, from a chosen address: Fastify's proxy route takes it. */
async function routeRead(cookie: string, remoteAddress: string) {
  const answer = await gateway.inject({
    method: 'GET',
    url: ORDERS,
    headers: { host: HOST, cookie },
    remoteAddress,
  });
  return { status: answer.statusCode, cookies: setCookies(answer.headers['set-cookie']) };
}

const setCookies = (header: unknown) => [header ?? []].flat().map(String);

const cleared = expect.arrayContaining([expect.stringMatching(/^refresh_token=; Max-Age=0/)]);

describe('renewals of made-up refresh tokens through the proxy', () => {
  it('by the front door: one uaa call each until the address budget is spent, none after', async () => {
    const served = frontDoorCount.served;
    const from = tap.seen.length;
    for (let i = 0; i < FAILED_RENEWAL_BUDGET.max; i++) {
      const answer = await frontDoorRead(`access_token=${EXPIRED}; refresh_token=front-${i}`);
      expect(answer.cookies).toEqual(cleared);
    }
    expect(renewals(from)).toBe(FAILED_RENEWAL_BUDGET.max);
    const after = tap.seen.length;
    for (let i = 0; i < 10; i++) {
      const answer = await frontDoorRead(`access_token=${EXPIRED}; refresh_token=later-${i}`);
      // Signed out as uaa's own refusal would: cookies cleared, the call sent without a token.
      expect(answer.cookies).toEqual(cleared);
    }
    expect(renewals(after)).toBe(0);
    expect(frontDoorCount.served - served).toBe(FAILED_RENEWAL_BUDGET.max + 10);
  });

  it("by Fastify's route: the visitor's own address is budgeted, not another's", async () => {
    const served = frontDoorCount.served;
    // The front door's address (127.0.0.1) has spent its budget: so has the route's, the same.
    const spentFrom = tap.seen.length;
    const spent = await routeRead(`access_token=${EXPIRED}; refresh_token=route-0`, '127.0.0.1');
    expect(spent.cookies).toEqual(cleared);
    expect(renewals(spentFrom)).toBe(0);
    // Another address has its own budget.
    const from = tap.seen.length;
    for (let i = 0; i < FAILED_RENEWAL_BUDGET.max + 10; i++) {
      const answer = await routeRead(
        `access_token=${EXPIRED}; refresh_token=other-${i}`,
        '10.9.8.7',
      );
      expect(answer.cookies).toEqual(cleared);
    }
    expect(renewals(from)).toBe(FAILED_RENEWAL_BUDGET.max);
    expect(frontDoorCount.served).toBe(served);
  });

  it("never refuses a shopper's own session from a spent address, by either door", async () => {
    const signIn = await rawRequest(
      base,
      'POST',
      '/auth/sign-in',
      {
        host: HOST,
        origin: `http://${HOST}`,
        'x-csrf': '1',
        'content-type': 'application/json',
      },
      JSON.stringify(DEMO),
    );
    expect(signIn.status).toBe(200);
    let jar = jarOf(setCookies(signIn.headers['set-cookie']));
    for (const door of ['front', 'route'] as const) {
      const cookie = `access_token=${EXPIRED}; refresh_token=${jar.get('refresh_token')}; session_proof=${jar.get('session_proof')}`;
      const from = tap.seen.length;
      const answer =
        door === 'front' ? await frontDoorRead(cookie) : await routeRead(cookie, '127.0.0.1');
      expect(answer.status).toBe(200);
      expect(renewals(from)).toBe(1);
      jar = jarOf(answer.cookies);
      // The renewed pair comes with its own proof.
      expect(jar.get('refresh_token')).toBeTruthy();
      expect(jar.get('session_proof')).toMatch(/^[\w-]{32}$/);
    }
  });
});

const jarOf = (lines: string[]) =>
  new Map(lines.map((line) => line.split(';')[0]!.split('=') as [string, string]));
