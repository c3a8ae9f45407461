import { TokenPair } from '../../../shared/contracts/uaa';
import { ExternalSignInRequest } from '../../../shared/contracts/identities';
import { requireTenant } from '../../auth/principal';

import { routeSchemas, type ServiceApp, type ServiceOptions } from '../service';
import { verifyIdToken } from './id-token';
import { accountOfIdentity } from './identities';
import { startAccountSession } from './account-session';

const route = routeSchemas('uaa');

// Sign-in through an external OpenID Connect provider. The gateway (the relying party) ran the
// flow and validated state, nonce and PKCE; uaa trusts nothing but the ID token itself, verified
// against a configured issuer (docs/decisions/0180). Like password sign-in, a live guest session's
// cart is merged into the account's, inside the same transaction.
export async function externalRoutes(
  app: ServiceApp,
  { db, config }: ServiceOptions,
): Promise<void> {
  app.post(
    '/auth/external',
    route(
      'Sign in with an ID token of a trusted OpenID Connect provider; links or creates the account; merges the guest cart',
      {
        // 409 cart_too_large: the merged cart would pass its limit (ADR 0314).
        errors: [401, 409],
        body: ExternalSignInRequest,
        response: { 200: TokenPair },
      },
    ),
    async (request) => {
      const tenant = requireTenant(request);
      const input = request.body;
      const identity = await verifyIdToken(input.id_token, config.trustedIssuers);
      return db.transaction(async (tx) => {
        const account = await accountOfIdentity(tx, tenant.id, identity);
        return startAccountSession(app, tx, config, {
          tenantId: tenant.id,
          accountId: account.id,
          guestRefreshToken: input.guest_refresh_token,
        });
      });
    },
  );
}
