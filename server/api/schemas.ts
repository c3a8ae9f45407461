import { z } from 'zod';

// The zod schemas of the gateway's own endpoints (docs/decisions/0232): the routes validate with
// them and scripts/api/gateway-document.ts describes them, so docs/api/gateway.openapi.json says
// what the code checks.

/** POST /auth/sign-in (shared with the sign-in form of /social-login). */
export { SignInBody } from '../../shared/sign-in-body';

/** What leaves the gateway of an account: id, login and email; a guest is null. */
export const PublicAccount = z.object({
  id: z.string(),
  login: z.string().nullable(),
  email: z.string().nullable(),
});

export const SessionAnswer = z.object({ account: PublicAccount.nullable() });
/** GET /auth/session: the account, and the shop's tenant id a client's cart calls name. */
export const SessionReading = SessionAnswer.extend({
  tenantId: z
    .string()
    .nullable()
    .describe(
      'The shop’s tenant id, the `{tenantId}` of the cart’s paths (booking-ms `…/bookings/cart/tenant/{tenantId}`); null when the shop’s context could not be read',
    ),
});
export const GuestAnswer = z.object({
  guest: z.boolean().describe('true: a guest session was started; false: one was kept'),
});

export const Liveness = z.object({ status: z.literal('ok') });
export const Readiness = z.object({
  status: z.enum(['ready', 'shutting-down', 'upstream-pool-wedged', 'saturated']),
  waitedMs: z.number().optional(),
});

/** POST /internal/cache/purge: one shop's entries, or everything. */
export const PurgeQuery = z.object({
  origin: z
    .string()
    .optional()
    .describe('Only the entries of this shop origin (`https://shop.example`)'),
});
export const PurgeAnswer = z.object({
  purged: z.number().int().describe('Sub-request cache entries removed here'),
  replicas: z.number().int().optional().describe('Other replicas that heard the purge (Redis)'),
});

/** GET /consent and POST /consent (server/analytics/consent.ts, ADR 0265). */
export const ConsentQuery = z.object({
  return: z.string().optional().describe('The path of this shop to go back to'),
});
export const ConsentForm = z.object({
  choice: z.enum(['accept', 'decline', 'save']),
  measurement: z
    .literal('on')
    .optional()
    .describe('With `save`: measurement allowed (absent: declined)'),
  return: z.string().optional().describe('The path of this shop to go back to'),
});
/** POST /analytics/events (ADR 0266). */
export const AnalyticsAnswer = z.object({
  forwarded: z.number().int(),
  dropped: z.number().int(),
});

/** The error shape of every gateway answer that is not the upstream's own success. */
export { GatewayError as ErrorBody } from '../../shared/contracts/errors';
