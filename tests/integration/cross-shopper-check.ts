import { expect } from 'vitest';
import type { TenantKey, TestPlatform } from '../support/platform';
import { operationOf, requestOf, type CallerName, type Row } from './cross-shopper-table';
import { idsOf, snapshot, type World } from './cross-shopper-worlds';

// One row of cross-shopper-table.ts, sent as everyone but its owner through a transport (the
// platform directly, or the gateway's proxy with cookies), then as the owner: nobody else gets
// anything of A's, A's world is as it was, and A's own call works (so the refusals were no
// accident of a malformed request).
export type Sent = { method: string; path: string; body?: unknown };
export type Caller = {
  name: CallerName | 'owner';
  token?: string;
  refresh?: string | null;
  tenant: TenantKey;
};
export type Answer = { status: number; body: string };
export type Transport = (sent: Sent, caller: Caller) => Promise<Answer>;

/** A (whose things are asked for), B (same shop) and C (the other shop). */
export type Cast = { a: World; b: World; c: World };

const otherShop = (tenant: TenantKey): TenantKey => (tenant === 'fresh' ? 'harbour' : 'fresh');
const REFUSED = [401, 403, 404];
const TOKENLESS: readonly string[] = ['no token', 'expired token', 'forged token'];

/** The header and payload of one token with the signature of another. */
function forged(payloadOf: string, signatureOf: string): string {
  const [header, payload] = payloadOf.split('.');
  return `${header}.${payload}.${signatureOf.split('.')[2]}`;
}

async function callersOf(row: Row, { a, b, c }: Cast, platform: TestPlatform) {
  const owner = row.owner === 'guest' ? a.guest : a;
  const all: { caller: Caller; me: World }[] = [
    {
      caller: { name: 'other shopper', token: b.token, refresh: b.refresh, tenant: b.tenant },
      me: b,
    },
    {
      caller: { name: 'guest', token: b.guest.token, refresh: b.guest.refresh, tenant: b.tenant },
      me: b,
    },
    {
      caller: {
        name: 'shopper of the other shop',
        token: c.token,
        refresh: c.refresh,
        tenant: c.tenant,
      },
      me: c,
    },
    { caller: { name: 'no token', tenant: a.tenant }, me: a },
    {
      caller: { name: 'owner on the other shop', token: owner.token, tenant: otherShop(a.tenant) },
      me: a,
    },
    {
      caller: {
        name: 'expired token',
        token: await platform.app.signer.sign(owner.claims, -60),
        tenant: a.tenant,
      },
      me: a,
    },
    {
      caller: { name: 'forged token', token: forged(owner.token, b.token), tenant: a.tenant },
      me: a,
    },
  ];
  return row.only ? all.filter(({ caller }) => row.only!.includes(caller.name as CallerName)) : all;
}

/** The same request with A's ids swapped for made-up ones of the same shape. */
function withUnknownIds(sent: Sent, ids: readonly string[]): Sent {
  const swap = (text: string) =>
    ids.reduce((out, id) => out.split(id).join(id.replace(/[A-Za-z0-9]/g, '0')), text);
  return {
    ...sent,
    path: swap(sent.path),
    body: sent.body === undefined ? undefined : JSON.parse(swap(JSON.stringify(sent.body))),
  };
}

/** The error code of an answer: the shops' `{ error: { code } }` or uaa's `{ error }`. */
function codeOf(answer: Answer): unknown {
  try {
    const { error } = JSON.parse(answer.body) as { error?: { code?: string } | string };
    return typeof error === 'object' ? error?.code : error;
  } catch {
    return null;
  }
}

export async function checkRow(
  row: Row,
  transport: Transport,
  platform: TestPlatform,
  cast: Cast,
): Promise<void> {
  const op = operationOf(row);
  const { a } = cast;
  const secrets = [a.marker.toLowerCase(), ...idsOf(a).map((id) => id.toLowerCase())];
  const before = await snapshot(platform, a);

  for (const { caller, me } of await callersOf(row, cast, platform)) {
    const sent: Sent = { method: op.method, ...requestOf(op, row.ask(a, me, caller.tenant)) };
    const answer = await transport(sent, caller);
    const what = `${op.method} ${sent.path} as ${caller.name}: ${answer.status} ${answer.body.slice(0, 300)}`;
    expect(answer.status, what).toBeLessThan(500);
    // What the caller sent is theirs to see again (a 404 may name the id asked for).
    const asked = `${sent.path} ${JSON.stringify(sent.body ?? '')}`.toLowerCase();
    const shown = answer.body.toLowerCase();
    expect(
      secrets.filter((s) => !asked.includes(s) && shown.includes(s)),
      `${what}: A's data in the answer`,
    ).toEqual([]);
    if (row.kind === 'names') {
      expect([...REFUSED, ...(row.refusals ?? [])], what).toContain(answer.status);
      if (caller.name === 'other shopper' && !row.reveals) {
        // Refused as an id that does not exist is: the answer says nothing of A's.
        const unknown = await transport(withUnknownIds(sent, idsOf(a)), caller);
        expect({ status: answer.status, code: codeOf(answer) }, what).toEqual({
          status: unknown.status,
          code: codeOf(unknown),
        });
      }
    } else if (
      (op.auth === 'account' || op.auth === 'principal') &&
      (TOKENLESS.includes(caller.name) || caller.name === 'owner on the other shop')
    ) {
      expect([401, 403], what).toContain(answer.status);
    }
  }
  expect(await snapshot(platform, a), `${row.op}: A's world changed`).toEqual(before);

  // The owner's own call goes through: the request reached what it names.
  const owner = row.owner === 'guest' ? a.guest : a;
  const control: Sent = {
    method: op.method,
    ...requestOf(op, (row.control ?? row.ask)(a, a, a.tenant)),
  };
  const answer = await transport(control, {
    name: 'owner',
    token: owner.token,
    refresh: owner.refresh,
    tenant: a.tenant,
  });
  expect(
    Object.keys(op.answers).map(Number),
    `${row.op} as its owner: ${answer.status} ${answer.body.slice(0, 300)}`,
  ).toContain(answer.status);
}

/** Runs `check`; then, when it used up A's things (or failed half-way), has A's world made anew. */
export async function renewingA(
  spends: boolean | undefined,
  renew: () => Promise<void>,
  check: () => Promise<void>,
): Promise<void> {
  try {
    await check();
  } catch (error) {
    await renew();
    throw error;
  }
  if (spends) await renew();
}
