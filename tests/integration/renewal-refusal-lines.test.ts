import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uaaPaths } from '../../shared/contracts/uaa';
import { FAILED_RENEWAL_BUDGET } from '../../server/limits/page-budgets';
import type { FaultProxy } from '../support/fault-proxy';
import {
  startTappedGateway,
  type TappedGateway,
  EXPIRED_ACCESS_TOKEN as EXPIRED,
} from '../support/tapped-gateway';

// What a refused renewal's log line says (ADR 0373). The gateway answers some renewals as uaa's
// refusal without asking uaa (ADR 0357): a refresh token uaa refused minutes ago, and one without
// its proof from an address that has spent its failed renewals. Their lines said "refused by uaa
// (invalid_grant)" all the same, pages' (server/session/account.ts) and the proxy's
// (server/session/access-token.ts); only gateway_renewals_refused_total{reason} told them apart.
// Each line now says who refused, and `renewalRefusedBy` names it as the metric's reason does. A
// pass-through proxy before the reference platform shows whether uaa was asked.
let tap: FaultProxy;
let gateway: FastifyInstance;
let shop: TappedGateway;
const logs: Record<string, unknown>[] = [];
beforeAll(async () => {
  shop = await startTappedGateway(
    {},
    { logStream: { write: (line) => void logs.push(JSON.parse(line)) } },
  );
  ({ tap, gateway } = shop);
}, 120_000);
afterAll(() => shop?.close());

type Refuser = 'uaa' | 'refused_before' | 'address_budget';
const REFUSED: Record<Refuser, string> = {
  uaa: 'refused by uaa (invalid_grant)',
  refused_before: 'refused as remembered from an earlier refusal by uaa (uaa not asked)',
  address_budget: "refused by the address's failed-renewal budget (uaa not asked)",
};

/** A JWT-shaped access token with 30 s left: inside the renewal margin, so renewed ahead. */
const DUE = [
  Buffer.from('{"alg":"none"}').toString('base64url'),
  Buffer.from(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 30 })).toString('base64url'),
  'x',
].join('.');

const PATHS = {
  'a page (GET /auth/session)': '/auth/session',
  'the proxy': '/api/services/orders/api/v1/orders',
};

// Injected, from a chosen address; the shop's Host without a port (an injected request has none).
async function renew(path: string, accessToken: string, refreshToken: string, address: string) {
  const answer = await gateway.inject({
    method: 'GET',
    url: path,
    headers: {
      host: 'localhost',
      cookie: `access_token=${accessToken}; refresh_token=${refreshToken}`,
    },
    remoteAddress: address,
  });
  return String(answer.headers['x-correlation-id']);
}

const renewals = (from: number) =>
  tap.seen.slice(from).filter((seen) => seen.url.startsWith(uaaPaths.refresh)).length;

/** The refused renewal's line of the request `cid`. */
const refusalLine = (cid: string) =>
  logs.find(
    (line) =>
      line.cid === cid &&
      typeof line.msg === 'string' &&
      /^(session ended|early renewal)/.test(line.msg),
  );

let addresses = 0;
const nextAddress = () => `198.51.100.${++addresses}`;

// A budget is per address: one address spends it, once for the file.
let spent: Promise<string> | undefined;
async function spend(): Promise<string> {
  const address = nextAddress();
  for (let i = 0; i < FAILED_RENEWAL_BUDGET.max; i++)
    await renew(PATHS['a page (GET /auth/session)'], EXPIRED, `spending-${i}`, address);
  return address;
}

/**
 * A renewal refused by `refuser`: uaa refuses a made-up token; asked again for it, the gateway
 * remembers; from an address that has spent its budget, uaa is not asked for a new one.
 */
async function refusedRenewal(path: string, accessToken: string, refuser: Refuser) {
  const address = refuser === 'address_budget' ? await (spent ??= spend()) : nextAddress();
  const token = `made-up-${++addresses}`;
  if (refuser === 'refused_before') await renew(path, EXPIRED, token, address);
  const from = tap.seen.length;
  const cid = await renew(path, accessToken, token, address);
  return { line: refusalLine(cid), uaaAsked: renewals(from) };
}

describe('the line of a refused renewal says who refused it', () => {
  const causes: [Refuser, string][] = [
    ['uaa', 'uaa'],
    ['refused_before', 'a remembered refusal'],
    ['address_budget', "the address's budget"],
  ];
  const table = Object.entries(PATHS).flatMap(([where, path]) =>
    causes.map(([cause, words]) => [where, words, cause, path] as const),
  );

  it.each(table)('%s, the session ended: refused by %s', async (_where, _words, cause, path) => {
    const { line, uaaAsked } = await refusedRenewal(path, EXPIRED, cause);
    expect(uaaAsked).toBe(cause === 'uaa' ? 1 : 0);
    expect(line).toMatchObject({
      level: 30,
      msg: `session ended: refresh token ${REFUSED[cause]}`,
      renewalRefusedBy: cause,
    });
  });

  it.each(table)('%s, an early renewal refused by %s', async (_where, _words, cause, path) => {
    const { line, uaaAsked } = await refusedRenewal(path, DUE, cause);
    expect(uaaAsked).toBe(cause === 'uaa' ? 1 : 0);
    expect(line).toMatchObject({
      level: 30,
      msg: `early renewal ${REFUSED[cause]}; the current token goes on`,
      renewalRefusedBy: cause,
    });
  });
});
