import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { uaaPaths } from '../../shared/contracts/uaa';
import { FAILED_RENEWAL_BUDGET } from '../../server/limits/page-budgets';
import { tokenRefreshes } from '../../server/observability/metrics';
import type { Fault, FaultProxy } from '../support/fault-proxy';
import { DEMO } from '../support/platform';
import {
  startTappedGateway,
  type TappedGateway,
  EXPIRED_ACCESS_TOKEN as EXPIRED,
} from '../support/tapped-gateway';

// ADR 0357 counted and remembered uaa's invalid_grant alone: a uaa that refused a made-up refresh
// token otherwise (400 invalid_request, 401 invalid_client or unauthorized, a bare 400) was asked
// once per token, without limit. Such a 4xx (any but 408 and 429) need not be uaa's word on the
// token (an ingress before it in a deploy, an auth proxy), so it ends no session and is not
// remembered; but a token without the gateway's proof counts against its address (ADR 0364).
// uaa's own trouble (5xx, 408, 429, no answer) counts nothing. A faulting proxy between the
// gateway and the reference platform answers uaa's renewals and counts them; each case comes
// from its own address (injected requests), so each has a whole budget.
let tap: FaultProxy;
let gateway: FastifyInstance;
let shop: TappedGateway;
beforeAll(async () => {
  shop = await startTappedGateway();
  ({ tap, gateway } = shop);
}, 120_000);
afterAll(() => shop?.close());
beforeEach(() => {
  tap.clear();
  tap.seen.length = 0;
});

const renewals = () => tap.seen.filter((seen) => seen.url.startsWith(uaaPaths.refresh)).length;

const setCookies = (header: unknown) => [header ?? []].flat().map(String);
const jarOf = (lines: string[]) =>
  new Map(lines.map((line) => line.split(';')[0]!.split('=') as [string, string]));

/** `GET /auth/session` with an expired access token and these cookies, from `address`. */
async function session(cookie: string, address: string) {
  const answer = await gateway.inject({
    method: 'GET',
    url: '/auth/session',
    // An injected request has no local port: the shop's Host without one.
    headers: { host: 'localhost', cookie: `access_token=${EXPIRED}; ${cookie}` },
    remoteAddress: address,
  });
  expect(answer.statusCode).toBe(200);
  return {
    account: (answer.json() as { account: unknown }).account,
    cleared: setCookies(answer.headers['set-cookie']).some((line) =>
      line.startsWith('refresh_token=; Max-Age=0'),
    ),
  };
}

/** The demo shopper's refresh token and its proof, signed in from `address`. */
async function signIn(address: string) {
  const answer = await gateway.inject({
    method: 'POST',
    url: '/auth/sign-in',
    headers: {
      host: 'localhost',
      origin: 'http://localhost',
      'x-csrf': '1',
      'content-type': 'application/json',
    },
    payload: JSON.stringify(DEMO),
    remoteAddress: address,
  });
  expect(answer.statusCode).toBe(200);
  const jar = jarOf(setCookies(answer.headers['set-cookie']));
  return `refresh_token=${jar.get('refresh_token')}; session_proof=${jar.get('session_proof')}`;
}

/** `count` made-up tokens at once, named after `address`. */
const burst = (prefix: string, count: number, address: string) =>
  Promise.all(
    Array.from({ length: count }, (_, i) =>
      session(`refresh_token=${prefix}-${address}-${i}`, address),
    ),
  );

const refusedCount = async () =>
  (await tokenRefreshes.get()).values.find((value) => value.labels.outcome === 'refused')?.value ??
  0;

const json = (body: unknown) => JSON.stringify(body);

const refusals: [string, Fault][] = [
  ['400 invalid_request', { status: 400, body: json({ error: 'invalid_request' }) }],
  ['401 invalid_client', { status: 401, body: json({ error: 'invalid_client' }) }],
  ['401 unauthorized', { status: 401, body: json({ error: 'unauthorized' }) }],
  ['400 without a body', { status: 400, body: '' }],
  ['403 in the platform shape', 403],
  ['421 for a host that is no shop', 421],
];

describe("uaa's 4xx to a renewal but invalid_grant, 408 and 429", () => {
  it.each(refusals.map(([name, fault], i) => ({ name, fault, address: `10.64.${i}.1` })))(
    '$name: nobody signed out, nothing remembered, a burst of made-up tokens bounded by the budget',
    async ({ fault, address }) => {
      const shopper = await signIn(address);
      const refusedBefore = await refusedCount();
      tap.fail(uaaPaths.refresh, fault);
      // The shopper's own token: the cookies stay, and the next renewal asks uaa again.
      expect(await session(shopper, address)).toEqual({ account: null, cleared: false });
      expect(await session(shopper, address)).toEqual({ account: null, cleared: false });
      expect(renewals()).toBe(2);
      // A made-up one: the same, but each renewal counts against the address.
      const first = `refresh_token=first-${address}`;
      expect(await session(first, address)).toEqual({ account: null, cleared: false });
      expect(await session(first, address)).toEqual({ account: null, cleared: false });
      expect(renewals()).toBe(4);
      // A burst at once reaches uaa for the budget left (cookies kept); the budget refuses the
      // rest without asking uaa, as signed out (ADR 0357).
      const left = FAILED_RENEWAL_BUDGET.max - 2;
      const attempts = FAILED_RENEWAL_BUDGET.max + 20;
      const answers = await burst('made-up', attempts, address);
      expect(renewals()).toBe(2 + FAILED_RENEWAL_BUDGET.max);
      expect(answers.filter((answer) => !answer.cleared)).toHaveLength(left);
      for (const answer of answers) expect(answer.account).toBeNull();
      // Past the budget, no made-up token reaches uaa; the shopper's still does.
      const later = `refresh_token=later-${address}`;
      expect(await session(later, address)).toEqual({ account: null, cleared: true });
      expect(await session(shopper, address)).toEqual({ account: null, cleared: false });
      expect(renewals()).toBe(3 + FAILED_RENEWAL_BUDGET.max);
      expect((await refusedCount()) - refusedBefore).toBe(3 + FAILED_RENEWAL_BUDGET.max);
      // uaa back: the shopper renews, still signed in.
      tap.clear();
      const back = await session(shopper, address);
      expect(back).toEqual({
        account: expect.objectContaining({ email: DEMO.email }),
        cleared: false,
      });
    },
  );
});

const troubles: [string, Fault][] = [
  ['500', 500],
  ['502', 502],
  ['503', 503],
  ['429', 429],
  ['408', 408],
  ['no answer (connection dropped)', 'drop'],
];

describe("uaa's own trouble with a renewal", () => {
  it.each(troubles.map(([name, fault], i) => ({ name, fault, address: `10.65.${i}.1` })))(
    '$name: asked every time, nobody signed out, no budget spent',
    async ({ fault, address }) => {
      tap.fail(uaaPaths.refresh, fault);
      const attempts = FAILED_RENEWAL_BUDGET.max + 10;
      const answers = await burst('troubled', attempts, address);
      for (const answer of answers) expect(answer).toEqual({ account: null, cleared: false });
      expect(renewals()).toBe(attempts);
      // The address still has its whole budget: uaa's own refusals (the reference platform's
      // invalid_grant) reach it exactly that many times.
      tap.clear();
      tap.seen.length = 0;
      await burst('refused', FAILED_RENEWAL_BUDGET.max + 10, address);
      expect(renewals()).toBe(FAILED_RENEWAL_BUDGET.max);
    },
  );
});
