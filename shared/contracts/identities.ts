import { z } from 'zod';
import { Timestamp } from './timestamp';
import { PASSWORD_MIN_LENGTH } from './account';

// Sign-ins through external OpenID Connect providers (uaa). The gateway is the relying party: it
// hands uaa the provider's verified ID token, and uaa maps (issuer, subject) to an account
// (docs/decisions/0180, 0181).
const UAA = '/api/services/uaa/api/v1';

export const identityPaths = {
  /** POST ExternalSignInRequest → TokenPair. Only the gateway calls it (a token path). */
  externalSignIn: `${UAA}/auth/external`,
  /** GET (signed in) → LinkedSignIns. */
  list: `${UAA}/account/identities`,
  /** DELETE (signed in) → 204; 409 when it is the account's last way to sign in. */
  one: (id: string) => `${UAA}/account/identities/${encodeURIComponent(id)}`,
  /** POST SetPasswordRequest (signed in, account without a password) → 200. */
  setPassword: `${UAA}/account/set-password`,
} as const;

export const ExternalSignInRequest = z.object({
  id_token: z.string().min(1).max(16_384),
  guest_refresh_token: z.string().min(1).max(4096).optional(),
});
export type ExternalSignInRequest = z.infer<typeof ExternalSignInRequest>;

export const LinkedSignIn = z.object({
  id: z.string(),
  issuer: z.string(),
  email: z.string(),
  createdAt: Timestamp,
  lastUsedAt: Timestamp,
});
export type LinkedSignIn = z.infer<typeof LinkedSignIn>;

export const LinkedSignIns = z.object({
  hasPassword: z.boolean(),
  identities: z.array(LinkedSignIn),
});
export type LinkedSignIns = z.infer<typeof LinkedSignIns>;

export const SetPasswordRequest = z.object({
  newPassword: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(200),
});

/** uaa's error codes of an external sign-in the gateway tells the shopper about. */
export const EXTERNAL_SIGN_IN_ERRORS = ['email_not_verified', 'email_conflict'] as const;
