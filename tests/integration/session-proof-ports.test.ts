import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uaaPaths } from '../../shared/contracts/uaa';
import { FAILED_RENEWAL_BUDGET } from '../../server/limits/page-budgets';
import type { FaultProxy } from '../support/fault-proxy';
import { DEMO } from '../support/platform';
import {
  startTappedGateway,
  type TappedGateway,
  EXPIRED_ACCESS_TOKEN as EXPIRED,
} from '../support/tapped-gateway';

// A shop published on two ports (PUBLIC_PORTS, ADR 0272) has one set of cookies on both: a
// browser sends a host's cookies to every port of it. ADR 0357 bound the session proof to the
// request's origin, port included, so a shopper signed in on one port had no valid proof on the
// other: once their address had spent its failed-renewal budget, their renewal there was refused
// as a made-up token's, without asking uaa. The proof, and the refusals remembered beside it, are
// now bound to what the cookies are scoped to (scheme and host name, ADR 0364). A pass-through
// proxy between the gateway and the reference platform counts uaa's renewals.
const PORT_A = 8081;
const PORT_B = 8082;
let tap: FaultProxy;
let gateway: FastifyInstance;
let shop: TappedGateway;
beforeAll(async () => {
  shop = await startTappedGateway({ PUBLIC_PORTS: `${PORT_A},${PORT_B}` });
  ({ tap, gateway } = shop);
}, 120_000);
afterAll(() => shop?.close());

const renewals = (from: number) =>
  tap.seen.slice(from).filter((seen) => seen.url.startsWith(uaaPaths.refresh)).length;

const setCookies = (header: unknown) => [header ?? []].flat().map(String);
const jarOf = (lines: string[]) =>
  new Map(lines.map((line) => line.split(';')[0]!.split('=') as [string, string]));

/** Signs the demo shopper in through one port, from `address`: the cookies it sets. */
async function signIn(port: number, address: string) {
  const answer = await gateway.inject({
    method: 'POST',
    url: '/auth/sign-in',
    headers: {
      host: `localhost:${port}`,
      origin: `http://localhost:${port}`,
      'x-csrf': '1',
      'content-type': 'application/json',
    },
    payload: JSON.stringify(DEMO),
    remoteAddress: address,
  });
  expect(answer.statusCode).toBe(200);
  return jarOf(setCookies(answer.headers['set-cookie']));
}

async function session(port: number, cookie: string, address: string) {
  const answer = await gateway.inject({
    method: 'GET',
    url: '/auth/session',
    headers: { host: `localhost:${port}`, cookie },
    remoteAddress: address,
  });
  expect(answer.statusCode).toBe(200);
  return {
    account: (answer.json() as { account: { email: string } | null }).account,
    cookies: jarOf(setCookies(answer.headers['set-cookie'])),
  };
}

describe('a session set through one port of a shop, renewed through another', () => {
  it('has its proof counted valid there, whatever its address spent', async () => {
    const address = '10.66.0.1';
    const jar = await signIn(PORT_A, address);
    // The address spends its budget on made-up tokens, through port A.
    for (let i = 0; i < FAILED_RENEWAL_BUDGET.max; i++)
      await session(PORT_A, `access_token=${EXPIRED}; refresh_token=made-up-${i}`, address);
    const spent = tap.seen.length;
    await session(PORT_A, `access_token=${EXPIRED}; refresh_token=one-more`, address);
    expect(renewals(spent)).toBe(0);
    // The shopper's access token due, the page renews through port B with the cookies of port A.
    const from = tap.seen.length;
    const renewed = await session(
      PORT_B,
      `access_token=${EXPIRED}; refresh_token=${jar.get('refresh_token')}; session_proof=${jar.get('session_proof')}`,
      address,
    );
    expect(renewed.account?.email).toBe(DEMO.email);
    expect(renewals(from)).toBe(1);
    // The renewed pair's proof holds on port A again.
    const back = await session(
      PORT_A,
      `access_token=${EXPIRED}; refresh_token=${renewed.cookies.get('refresh_token')}; session_proof=${renewed.cookies.get('session_proof')}`,
      address,
    );
    expect(back.account?.email).toBe(DEMO.email);
  });

  it('stays refused on every port once uaa refused it on one: one renewal, not one per port', async () => {
    const address = '10.66.0.2';
    const jar = await signIn(PORT_A, address);
    const cookie = `refresh_token=${jar.get('refresh_token')}; session_proof=${jar.get('session_proof')}`;
    // Signed out: uaa revokes the refresh token; an attacker who kept the cookies replays them.
    const signOut = await gateway.inject({
      method: 'POST',
      url: '/auth/sign-out',
      headers: {
        host: `localhost:${PORT_A}`,
        origin: `http://localhost:${PORT_A}`,
        'x-csrf': '1',
        cookie: `access_token=${jar.get('access_token')}; ${cookie}`,
      },
      remoteAddress: address,
    });
    expect(signOut.statusCode).toBe(204);
    const from = tap.seen.length;
    for (const port of [PORT_A, PORT_B, PORT_A, PORT_B]) {
      const replay = await session(port, `access_token=${EXPIRED}; ${cookie}`, address);
      expect(replay.account).toBeNull();
    }
    expect(renewals(from)).toBe(1);
  });
});
