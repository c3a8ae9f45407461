import type { FastifyReply } from 'fastify';
import { codeOfStatus } from '../../shared/error-codes';
import { notImplementedMessage } from '../../shared/server-methods';
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

/**
 * A method no route of the gateway can take (PROPFIND, PURGE): 501 whatever the path (RFC 9110
 * 15.6.2; docs/decisions/0392). Not a fault of the gateway: nothing is reported.
 */
export function methodNotImplemented(reply: FastifyReply): FastifyReply {
  const { method } = reply.request;
  return jsonError(reply, 501, codeOfStatus(501), notImplementedMessage(method));
}
