import { z } from 'zod';

// The account service (uaa) contract the gateway consumes; the reference platform implements it.
// All paths are under {PLATFORM_URL}/api/services/uaa/api/v1. The tenant is resolved from the
// X-Domain-Origin header, which the gateway sets from the shop's configured origin.
export const UAA_BASE = '/api/services/uaa/api/v1';

export const uaaPaths = {
  /** GET: the account of the token (Cookie access_token=..; refresh_token=.. or Bearer). */
  account: `${UAA_BASE}/account`,
  /** POST SignInRequest → TokenPair. */
  signIn: `${UAA_BASE}/auth/sign-in`,
  /** POST (no body) → TokenPair of an anonymous guest principal. */
  guest: `${UAA_BASE}/auth/guest`,
  /** POST RefreshRequest → TokenPair (rotation: the old refresh token is spent). */
  refresh: `${UAA_BASE}/auth/refresh`,
  /** POST SignOutRequest (and/or Bearer access token) → 204; ends the tokens' session. */
  signOut: `${UAA_BASE}/auth/sign-out`,
} as const;

export const SignInRequest = z.object({
  email: z.string().trim().email().max(254),
  password: z.string().min(1).max(200),
  /** The guest's refresh token, so that the guest cart is merged into the account's cart. */
  guest_refresh_token: z.string().min(1).max(4096).optional(),
});
export type SignInRequest = z.infer<typeof SignInRequest>;

export const RefreshRequest = z.object({ refresh_token: z.string().min(1).max(4096) });
export type RefreshRequest = z.infer<typeof RefreshRequest>;

/**
 * POST /auth/sign-out: the session's refresh token when the caller has it; the access token goes
 * as `Authorization: Bearer`, so a visitor left with only that one is signed out as well.
 */
export const SignOutRequest = z.object({ refresh_token: z.string().min(1).max(4096).optional() });
export type SignOutRequest = z.infer<typeof SignOutRequest>;

export const TokenPair = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  token_type: z.string().default('Bearer'),
  /** Seconds until the access token expires. */
  expires_in: z.number().int().positive(),
  /** Seconds until the refresh token expires. */
  refresh_expires_in: z.number().int().positive().optional(),
});
export type TokenPair = z.infer<typeof TokenPair>;

/** GET /account. `id` is null (or absent) for an anonymous guest. */
export const Account = z.looseObject({
  id: z.union([z.string(), z.number()]).nullish(),
  login: z.string().nullish(),
  email: z.string().nullish(),
  firstName: z.string().nullish(),
  lastName: z.string().nullish(),
});
export type Account = z.infer<typeof Account>;

/**
 * Error bodies of uaa. `invalid_grant` on refresh means the refresh token is spent, expired or
 * revoked: the session is over. `invalid_token` on account means the access token is expired or bad.
 */
export const UaaError = z.object({
  error: z.string(),
  error_description: z.string().optional(),
});
export type UaaError = z.infer<typeof UaaError>;
