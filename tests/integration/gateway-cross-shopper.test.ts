import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PROXIED_SERVICES } from '../../server/upstream/service-urls';
import { rawRequest } from '../support/raw-http';
import { TENANTS, type TenantKey } from '../support/platform';
import { startShop, type TestShop } from '../support/shop';
import { checkRow, renewingA, type Caller, type Cast, type Transport } from './cross-shopper-check';
import {
  NAMES_NOTHING,
  PAGE_ROWS,
  pageFormKeys,
  screensWithIds,
  type PageRow,
} from './cross-shopper-pages';
import { operationOf, ROWS } from './cross-shopper-table';
import { idsOf, makeWorld, snapshot, type World } from './cross-shopper-worlds';

// One shopper reaching another's data through the gateway: the upstream contract's rows
// (cross-shopper-table.ts) through the proxy, /api/services/..., with cookies instead of a Bearer
// token and the shop's Host instead of X-Domain-Origin; then the pages that name a thing by id and
// the page actions' forms, posted with A's ids and B's cookies, as a browser without JavaScript.
let shop: TestShop;
let cast: Cast;

beforeAll(async () => {
  shop = await startShop();
  cast = {
    a: await makeWorld(shop.platform, 'fresh', { password: false }),
    b: await makeWorld(shop.platform, 'fresh', { password: true }),
    c: await makeWorld(shop.platform, 'harbour', { password: true }),
  };
}, 120_000);
afterAll(() => shop?.close());

/** The shop's Host, for the gateway's port: `harbour.localhost:51234`. */
const hostOf = (tenant: TenantKey) =>
  `${new URL(TENANTS[tenant].origin).hostname}:${new URL(shop.url).port}`;

function send(method: string, path: string, caller: Caller, body?: string, type?: string) {
  const host = hostOf(caller.tenant);
  const cookies = [
    caller.token ? `access_token=${caller.token}` : '',
    caller.refresh ? `refresh_token=${caller.refresh}` : '',
  ].filter(Boolean);
  return rawRequest(
    shop.url,
    method,
    path,
    {
      host,
      origin: `http://${host}`,
      'x-csrf': '1',
      ...(cookies.length ? { cookie: cookies.join('; ') } : {}),
      // A browser's body has a length (the gateway refuses a chunked DELETE's, 400).
      ...(type && body !== undefined
        ? { 'content-type': type, 'content-length': String(Buffer.byteLength(body)) }
        : {}),
    },
    body,
  );
}

const proxy: Transport = (sent, caller) =>
  send(
    sent.method,
    sent.path,
    caller,
    sent.body === undefined ? undefined : JSON.stringify(sent.body),
    sent.body === undefined ? undefined : 'application/json',
  );

const respawn = async () => {
  cast.a = await makeWorld(shop.platform, 'fresh', { password: false });
};

describe('the proxy, operation by operation', () => {
  // cms-api and diagnostics are not proxied: the gateway answers 404 before any upstream.
  const proxied = ROWS.filter((row) =>
    (DEFAULT_PROXIED_SERVICES as readonly string[]).includes(operationOf(row).service),
  );
  it.each(proxied.map((row) => [`${row.op}${row.note ? ` (${row.note})` : ''}`, row] as const))(
    "%s: nobody but A reaches A's data",
    async (_, row) => {
      await renewingA(row.spends, respawn, () => checkRow(row, proxy, shop.platform, cast));
    },
    60_000,
  );
});

const SENT_AWAY = /^\/(social-login|checkout)(\?(?!.*done=)|$)/;

/** A page row sent by `caller` (`me` their world): the form URL-encoded, or a GET. */
function sendPage(row: PageRow, caller: Caller, me: World) {
  const { a } = cast;
  const fields = row.fields?.(a, me);
  const path = row.path(a, me);
  return fields
    ? send(
        'POST',
        path,
        caller,
        new URLSearchParams(fields).toString(),
        'application/x-www-form-urlencoded',
      )
    : send('GET', path, caller);
}

describe('the pages and their forms, with B’s cookies', () => {
  it('has a row for every form that names a thing and every signed-in screen with an id', () => {
    const rowed = new Set(PAGE_ROWS.map((row) => row.key));
    const forms = pageFormKeys();
    expect(forms.filter((key) => !rowed.has(key) && !NAMES_NOTHING.includes(key))).toEqual([]);
    expect(screensWithIds().filter((id) => !rowed.has(id))).toEqual([]);
    const known = [...forms, ...screensWithIds()];
    expect([...rowed, ...NAMES_NOTHING].filter((key) => !known.includes(key))).toEqual([]);
  });

  it.each(PAGE_ROWS.map((row) => [row.key, row] as const))(
    "%s: B's cookies reach nothing of A's",
    (_, row) => renewingA(row.spends, respawn, () => checkPageRow(row)),
    60_000,
  );
});

/** A page row with B's cookies (a guest's too), then A's: as checkRow does for the proxy. */
async function checkPageRow(row: PageRow): Promise<void> {
  const { a, b } = cast;
  const secrets = [a.marker.toLowerCase(), ...idsOf(a).map((id) => id.toLowerCase())];
  const before = await snapshot(shop.platform, a);
  const attackers: [Caller, World][] = [
    [{ name: 'other shopper', token: b.token, refresh: b.refresh, tenant: 'fresh' }, b],
    [{ name: 'guest', token: b.guest.token, refresh: b.guest.refresh, tenant: 'fresh' }, b],
  ];
  for (const [caller, me] of attackers) {
    const answer = await sendPage(row, caller, me);
    const what = `${row.key} as ${caller.name}: ${answer.status} ${String(answer.headers.location ?? '')}`;
    // Refused: not found, a form error, or sent elsewhere (a guest to sign in, a signed-in
    // shopper from the guest checkout to their own); never done.
    if (answer.status === 302 || answer.status === 303)
      expect(String(answer.headers.location), what).toMatch(SENT_AWAY);
    else expect([400, 401, 403, 404, 409], what).toContain(answer.status);
    const asked = `${row.path(a, me)} ${JSON.stringify(row.fields?.(a, me) ?? '')}`.toLowerCase();
    const shown = answer.body.toLowerCase();
    expect(
      secrets.filter((s) => !asked.includes(s) && shown.includes(s)),
      `${what}: A's data in the page`,
    ).toEqual([]);
  }
  expect(await snapshot(shop.platform, a), `${row.key}: A's world changed`).toEqual(before);

  // A's own request does what it says: a page, or the action's redirect.
  const owner = row.owner === 'guest' ? a.guest : a;
  const own = await sendPage(row, { name: 'owner', ...owner, tenant: 'fresh' }, a);
  expect(own.status, `${row.key} as its owner: ${own.body.slice(0, 300)}`).toBeLessThan(400);
  if (row.fields) expect(String(own.headers.location ?? ''), row.key).not.toMatch(/sign-in|login/);
}
