import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/db';
import { misdirected, unauthorized } from '../http/errors';
import type { RevocationNotes } from './revocation-notes';
import { createSessionCheck } from './session-check';
import type { TokenSigner } from './tokens';

// Who is calling, and for which shop. Every service reads these two request decorations:
// - request.tenant: the tenant of the X-Domain-Origin header (the gateway sets it), or null;
// - request.principal: from `Authorization: Bearer <access token>` or the `access_token` cookie,
//   when its session is still open (./session-check.ts: signed out means refused).
export type Principal = {
  id: string;
  accountId: string | null;
  tenantId: string;
  /** The session (refresh token family) of the access token, when it names one. */
  sessionId: string | null;
};
export type TenantRow = {
  id: string;
  host: string;
  origin: string;
  name: string;
  currency: string;
  locale: string;
  theme: Record<string, string>;
  navigation: unknown[];
  footer: unknown[];
};

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
    /** True when a token was sent but has expired (uaa answers 401 invalid_token). */
    tokenExpired: boolean;
    /** True when a valid token was sent whose session has ended (signed out, revoked). */
    sessionEnded: boolean;
    tenant: TenantRow | null;
  }
}

export function readAccessToken(request: FastifyRequest): string | null {
  const auth = request.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7).trim() || null;
  const cookie = request.headers.cookie;
  if (!cookie) return null;
  for (const part of cookie.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name !== 'access_token') continue;
    // A malformed cookie (bad percent-encoding) is no token, not a server error.
    try {
      return decodeURIComponent(value.join('=')) || null;
    } catch {
      return null;
    }
  }
  return null;
}

export const principalPlugin = fp(
  async (
    app: FastifyInstance,
    opts: { db: Db; signer: TokenSigner; accessTokenTtl: number; notes: RevocationNotes },
  ) => {
    const tenants = new Map<string, TenantRow>();
    const byHost = async (host: string) => {
      if (!tenants.has(host)) {
        const { rows } = await opts.db.query<TenantRow>('select * from tenants where host = $1', [
          host,
        ]);
        if (!rows[0]) return null;
        tenants.set(host, rows[0]);
      }
      return tenants.get(host)!;
    };
    app.decorateRequest('principal', null);
    app.decorateRequest('tokenExpired', false);
    app.decorateRequest('sessionEnded', false);
    const sessionOpen = createSessionCheck(opts.db, {
      notes: opts.db.exclusive
        ? await noteRecentRevocations(opts.db, opts.notes, opts.accessTokenTtl)
        : undefined,
    });
    app.decorateRequest('tenant', null);
    app.addHook('onRequest', async (request) => {
      const origin = request.headers['x-domain-origin'];
      if (typeof origin === 'string') {
        try {
          request.tenant = await byHost(new URL(origin).hostname.toLowerCase());
        } catch {
          request.tenant = null;
        }
      }
      const token = readAccessToken(request);
      if (!token) return;
      const verified = await opts.signer.verify(token);
      if (verified?.expired) request.tokenExpired = true;
      // An account's session (ADR 0243). A guest's ends only when sign-in merges it into an
      // account: its calls still in flight then must not fail and clear the new session's cookies.
      else if (
        verified?.accountId &&
        verified.sessionId &&
        !(await sessionOpen(verified.sessionId, verified.accountId))
      )
        request.sessionEnded = true;
      else if (verified) {
        request.principal = {
          id: verified.principalId,
          accountId: verified.accountId,
          tenantId: verified.tenantId,
          sessionId: verified.sessionId ?? null,
        };
      }
    });
  },
  { name: 'principal' },
);

/**
 * The revocation notes, kept as long as an access token lives, with the sessions the database
 * says were revoked within that time (a restart lost the notes of the process before).
 */
async function noteRecentRevocations(db: Db, notes: RevocationNotes, accessTokenTtl: number) {
  notes.keepFor(accessTokenTtl * 1000);
  const { rows } = await db.query<{ family_id: string }>(
    `select distinct family_id from refresh_tokens
     where revoked_at > now() - make_interval(secs => $1::int + 60)`,
    [accessTokenTtl],
  );
  for (const row of rows) notes.family(row.family_id);
  return notes;
}

/** The caller's principal (guest or account), or 401. */
export function requirePrincipal(request: FastifyRequest): Principal {
  if (!request.principal)
    throw unauthorized(
      request.tokenExpired
        ? 'Access token expired'
        : request.sessionEnded
          ? 'Session ended: sign in again'
          : 'Sign in required',
    );
  return request.principal;
}

/** A signed-in account (not a guest), or 401. */
export function requireAccount(request: FastifyRequest): Principal & { accountId: string } {
  const principal = requirePrincipal(request);
  if (!principal.accountId) throw unauthorized('Sign in required');
  return principal as Principal & { accountId: string };
}

/**
 * A signed-in account of the shop the request is for, or 401. A token names its shop; one sent on
 * another shop's origin (X-Domain-Origin) is refused, as every shopper's service does, so that a
 * shop never reads or changes an account of another shop (identities, passwords, orders...).
 */
export function requireShopAccount(request: FastifyRequest): Principal & { accountId: string } {
  const principal = requireAccount(request);
  if (request.tenant && request.tenant.id !== principal.tenantId)
    throw unauthorized('Sign in required: this session belongs to another shop');
  return principal;
}

/** The tenant of the request (X-Domain-Origin), or 421 (docs/decisions/0126). */
export function requireTenant(request: FastifyRequest): TenantRow {
  if (!request.tenant)
    throw misdirected('Unknown shop: send X-Domain-Origin with a configured shop origin');
  return request.tenant;
}
