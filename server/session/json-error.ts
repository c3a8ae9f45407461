import type { FastifyReply } from 'fastify';
import type { GatewayError } from '../../shared/contracts/errors';

// The gateway's own JSON errors: { error: { code, message, cid } } (brief, "Contracts").
export function jsonError(
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
): FastifyReply {
  const body: GatewayError = { error: { code, message, cid: reply.request.cid } };
  return reply
    .code(status)
    .header('cache-control', 'private, no-store')
    .type('application/json; charset=utf-8')
    .send(body);
}
