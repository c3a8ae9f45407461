import { z } from 'zod';

// JSON errors of the gateway's own endpoints: { error: { code, message, cid } } (brief). A proxied
// platform error keeps what else its body said under `details` (docs/decisions/0127). The
// descriptions go into docs/api/gateway.openapi.json (server/api/schemas.ts re-exports it).
export const GatewayError = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    cid: z.string().describe('The request’s correlation id, as in X-Correlation-ID'),
    details: z
      .record(z.string(), z.unknown())
      .optional()
      .describe('What else a proxied platform error said'),
  }),
});
export type GatewayError = z.infer<typeof GatewayError>;

// Errors of the reference platform's services: { error: { code, message } }.
export const ServiceError = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
export type ServiceError = z.infer<typeof ServiceError>;
