import type { FastifyReply } from 'fastify';
import type { GatewayError } from '../../shared/contracts/errors';

// The gateway's JSON error: { error: { code, message, cid } } (brief, "Contracts"). The one place
// that writes the shape; the error plugin (server/plugins/errors.ts) sends every error through it.
export function jsonError(
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
  details?: Record<string, unknown>,
): FastifyReply {
  // Before onRequest (framework errors) the CID is only the request id.
  const cid = reply.request.cid || reply.request.id;
  const body: GatewayError = { error: { code, message, cid, ...(details ? { details } : {}) } };
  return reply
    .code(status)
    .header('x-correlation-id', cid)
    .header('cache-control', 'private, no-store')
    .type('application/json; charset=utf-8')
    .send(body);
}
