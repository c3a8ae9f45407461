import { z } from 'zod';

// Account life cycle of uaa beyond the session calls of ./uaa.ts: registration with an activation
// key, password reset (init with a reset key, finish) and password change. Paths are under
// UAA_BASE; the shop is the one of the X-Domain-Origin header; e-mails link to the shop's pages
// /profile/activation/{activationKey} and /profile/reset/{resetKey}.
export const accountPaths = {
  /** POST RegisterRequest → 201 Account (not yet activated; an activation e-mail is sent). */
  register: '/api/services/uaa/api/v1/register',
  /** POST ActivateRequest → 200 Account. */
  activate: '/api/services/uaa/api/v1/activate',
  /** POST ResetInitRequest → 200 (same answer whether or not the e-mail has an account). */
  resetInit: '/api/services/uaa/api/v1/account/reset-password/init',
  /** POST ResetFinishRequest → 200. Ends every session of the account. */
  resetFinish: '/api/services/uaa/api/v1/account/reset-password/finish',
  /** POST ChangePasswordRequest (signed in) → 200. */
  changePassword: '/api/services/uaa/api/v1/account/change-password',
} as const;

export const PASSWORD_MIN_LENGTH = 8;
const password = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(200, 'must be at most 200 characters');
const key = z
  .string()
  .trim()
  .min(10)
  .max(200)
  .regex(/^[\w-]+$/, 'is not a valid key');

export const RegisterRequest = z.object({
  email: z.string().trim().email('must be an e-mail address').max(254),
  password,
  firstName: z.string().trim().max(100).default(''),
  lastName: z.string().trim().max(100).default(''),
});
export type RegisterRequest = z.input<typeof RegisterRequest>;

export const ActivateRequest = z.object({ key });
export const ResetInitRequest = z.object({
  email: z.string().trim().email('must be an e-mail address').max(254),
});
export const ResetFinishRequest = z.object({ key, newPassword: password });
export const ChangePasswordRequest = z.object({
  currentPassword: z.string().min(1).max(200),
  newPassword: password,
});

export const MessageResponse = z.object({ message: z.string() });
