import { z } from 'zod';
import { randomUUID } from 'node:crypto';
import {
  RefreshRequest,
  SignInRequest,
  SignOutRequest,
  TokenPair,
} from '../../../shared/contracts/uaa';
import { readAccessToken, requireTenant } from '../../auth/principal';
import { burnPasswordCheck, verifyPassword } from '../../auth/passwords';
import { badRequest, HttpError } from '../../http/errors';
import { routeSchemas, type ServiceApp, type ServiceOptions } from '../service';
import { accountByEmail, normaliseEmail } from './accounts';
import { startAccountSession } from './account-session';
import { invalidGrant } from './errors';
import { clearAttempts, reserveAttempt } from './lockout';
import { addressGroup } from '../../../shared/address-group';
import {
  issueTokenPair,
  keepSuccessor,
  revokeFamily,
  revokeSessionOf,
  spendRefreshToken,
  withLiveAccess,
} from './refresh-tokens';
import { sealSuccessor } from './successor';

// Session endpoints: only the gateway calls them (its proxy never forwards /auth/ paths).
const route = routeSchemas('uaa');

export async function authRoutes(app: ServiceApp, { db, config }: ServiceOptions): Promise<void> {
  app.post(
    '/auth/guest',
    route('Token pair of a new anonymous guest', {
      response: { 200: TokenPair },
    }),
    async (request) => {
      const tenant = requireTenant(request);
      const session = {
        tenantId: tenant.id,
        principalId: `guest:${randomUUID()}`,
        accountId: null,
      };
      return db.transaction((tx) => issueTokenPair(tx, app.signer, config, session));
    },
  );

  app.post(
    '/auth/sign-in',
    route('Sign in with e-mail and password; merges the guest cart', {
      // 401 invalid_grant (wrong e-mail or password), 403 not activated, 429 locked (ADR 0230),
      // 409 cart_too_large (the merged cart would pass its limit, ADR 0314).
      errors: [401, 403, 409, 429],
      body: SignInRequest,
      response: { 200: TokenPair },
    }),
    async (request) => {
      const tenant = requireTenant(request);
      const input = request.body;
      const email = normaliseEmail(input.email);
      // Refused before any hashing while this address is locked out of the e-mail, or the
      // e-mail is at its ceiling (docs/decisions/0241). request.ip: the gateway's X-Forwarded-For.
      const source = { address: addressGroup(request.ip) };
      await reserveAttempt(db, tenant.id, email, source);
      const account = await accountByEmail(db, tenant.id, email);
      if (!account) {
        await burnPasswordCheck(input.password);
        throw invalidGrant('Wrong e-mail or password');
      }
      if (!(await verifyPassword(input.password, account.password_hash)))
        throw invalidGrant('Wrong e-mail or password');
      await clearAttempts(db, tenant.id, email, source);
      if (!account.activated) {
        throw new HttpError(
          403,
          'account_not_activated',
          'Account not activated: follow the link in the activation e-mail',
        );
      }
      return db.transaction((tx) =>
        startAccountSession(app, tx, config, {
          tenantId: tenant.id,
          accountId: account.id,
          guestRefreshToken: input.guest_refresh_token,
        }),
      );
    },
  );

  app.post(
    '/auth/refresh',
    route(
      'New token pair for a refresh token (rotation). A spent token presented again within the reuse window gets the same new pair; later it is refused and its session revoked',
      {
        // The shop header is read when sent (a token of another shop is refused), not required.
        shop: false,
        errors: [401],
        body: RefreshRequest,
        response: { 200: TokenPair },
      },
    ),
    async (request) => {
      const input = request.body;
      const outcome = await db.transaction(async (tx) => {
        const spent = await spendRefreshToken(
          tx,
          input.refresh_token,
          request.tenant?.id ?? null,
          config.refreshReuseWindowSeconds,
        );
        if (spent.ok === 'reused')
          return { ok: true as const, pair: await withLiveAccess(app.signer, config, spent) };
        if (!spent.ok) return spent;
        const pair = await issueTokenPair(tx, app.signer, config, spent.session, spent.familyId);
        if (config.refreshReuseWindowSeconds > 0)
          await keepSuccessor(tx, input.refresh_token, sealSuccessor(input.refresh_token, pair));
        return { ok: true as const, pair };
      });
      // Thrown after the transaction, so that revoking a reused token's family is committed.
      if (!outcome.ok) throw invalidGrant(outcome.reason);
      return outcome.pair;
    },
  );

  app.post(
    '/auth/sign-out',
    route('End the session of a refresh token or a Bearer access token', {
      shop: false,
      auth: 'optional',
      body: SignOutRequest,
      response: { 204: z.void() },
    }),
    async (request, reply) => {
      const refreshToken = request.body.refresh_token;
      const accessToken = readAccessToken(request);
      if (!refreshToken && !accessToken)
        throw badRequest('Send the refresh token, or the access token as Bearer, of the session');
      if (refreshToken) await revokeSessionOf(db, refreshToken);
      // A visitor may hold the access token alone (the refresh cookie lost or cleared): its
      // session ends too, so that the token is refused from now on (issue #27, ADR 0243). A
      // token that is forged, expired or names no session ends nothing (sign-out is idempotent).
      if (accessToken) {
        const verified = await app.signer.verify(accessToken);
        if (verified && !verified.expired && verified.sessionId)
          await revokeFamily(db, verified.sessionId);
      }
      return reply.status(204).send();
    },
  );
}
