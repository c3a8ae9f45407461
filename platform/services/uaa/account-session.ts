import type { TokenPair } from '../../../shared/contracts/uaa';
import type { PlatformConfig } from '../../config';
import type { Queryable } from '../../db/db';
import { issueTokenPair, liveGuestSession, revokeFamily } from './refresh-tokens';
import type { ServiceApp } from '../service';

/**
 * Starts an account's session, whatever proved who the visitor is (a password or a provider's
 * ID token): a live guest session ends here and its data moves to the account (sign-in hooks),
 * in the caller's transaction.
 */
export async function startAccountSession(
  app: ServiceApp,
  tx: Queryable,
  config: PlatformConfig,
  session: { tenantId: string; accountId: string; guestRefreshToken?: string },
): Promise<TokenPair> {
  const { tenantId, accountId } = session;
  const guest = session.guestRefreshToken
    ? await liveGuestSession(tx, session.guestRefreshToken, tenantId)
    : null;
  if (guest) {
    await revokeFamily(tx, guest.familyId);
    for (const hook of app.signInHooks) {
      await hook(tx, {
        tenantId,
        guestPrincipalId: guest.principalId,
        accountPrincipalId: accountId,
      });
    }
  }
  return issueTokenPair(tx, app.signer, config, { tenantId, principalId: accountId, accountId });
}
