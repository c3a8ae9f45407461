import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/db';
import { misdirected, unauthorized } from '../http/errors';
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
  async (app: FastifyInstance, opts: { db: Db; signer: TokenSigner }) => {
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
    const sessionOpen = createSessionCheck(opts.db);
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
        !(await sessionOpen(verified.sessionId))
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

/** The tenant of the request (X-Domain-Origin), or 421 (docs/decisions/0126). */
export function requireTenant(request: FastifyRequest): TenantRow {
  if (!request.tenant)
    throw misdirected('Unknown shop: send X-Domain-Origin with a configured shop origin');
  return request.tenant;
}
