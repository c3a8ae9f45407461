import type { FastifyReply } from 'fastify';
import { jsonError } from './json-error';

/**
 * A method the path's routes do not take: 405 with the Allow header naming those they take (RFC
 * 9110 15.5.6), in the error shape, as React Router's own 405s are answered
 * (render/router-errors.ts; docs/decisions/0385).
 */
export function methodNotAllowed(reply: FastifyReply, allow: readonly string[]): FastifyReply {
  const { method, url } = reply.request;
  reply.header('allow', allow.join(', '));
  return jsonError(
    reply,
    405,
    'method_not_allowed',
    `${method} is not allowed for ${url.split('?', 1)[0]!.slice(0, 200)}`,
  );
}
