import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { codeOfStatus } from '../../shared/error-codes';
import { createRouteMethods, type RouteMethods } from '../../shared/route-methods';
import {
  asksAboutServer,
  notImplementedMessage,
  routesNowhere,
  serverAllow,
} from '../../shared/server-methods';

// Service errors have the shape { error: { code, message, cid } }, the gateway's shape, with the
// request's correlation id (the gateway's CID when it sent one). Handlers throw HttpError; zod
// failures become 400 with the failing fields in the message; anything else is a logged 500.
// A status with nothing more specific to say has the gateway's code for it (shared/error-codes.ts,
// docs/decisions/0385): a bad request is `bad_request` on both.
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, 'bad_request', message);
export const unauthorized = (message = 'Sign in required') =>
  new HttpError(401, 'unauthorized', message);
export const forbidden = (message = 'Not allowed') => new HttpError(403, 'forbidden', message);
export const notFound = (message = 'Not found') => new HttpError(404, 'not_found', message);
export const conflict = (message: string) => new HttpError(409, 'conflict', message);
/** The request names a shop (X-Domain-Origin, Host) that is not configured here (RFC 9110 421). */
export const misdirected = (message: string) => new HttpError(421, 'misdirected_request', message);

type Issue = { path: readonly PropertyKey[]; message: string };
const describeIssues = (issues: readonly Issue[]) =>
  issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ');

/** Parses input with a zod schema; a failure is a 400 naming each bad field. */
export function parse<S extends z.ZodType>(
  schema: S,
  value: unknown,
  what = 'request',
): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw badRequest(`Invalid ${what}: ${describeIssues(result.error.issues)}`);
}

// What a route schema's part is called in the message, as `parse` called it before.
const PARTS: Record<string, string> = { params: 'path', querystring: 'query', body: 'body' };

/**
 * A route schema's refusal (fastify-type-provider-zod) as the 400 `parse` gives: `Invalid path:
 * id: …`. Anything else is returned as it is.
 */
export function validationFailure(error: unknown): unknown {
  if (!hasZodFastifySchemaValidationErrors(error)) return error;
  const issues = error.validation.map((v) => ({
    path: v.instancePath.split('/').filter(Boolean),
    message: v.message ?? 'invalid',
  }));
  const part =
    PARTS[(error as { validationContext?: string }).validationContext ?? ''] ?? 'request';
  return badRequest(`Invalid ${part}: ${describeIssues(issues)}`);
}

/** PostgreSQL's class 22, data exception (invalid byte sequence, out of range, bad text input). */
export const isDataException = (error: unknown) =>
  /^22[0-9A-Z]{3}$/.test(String((error as { code?: unknown }).code));

/**
 * PostgreSQL's serialization_failure and deadlock_detected: two requests changed the same rows at
 * once and the database rolled this one back. Lock order should keep them from happening
 * (docs/decisions/0306); one that slips through is a 409 the client may retry, logged as a warning,
 * not a 500 that counts against the gateway's breaker.
 */
export const isTransactionConflict = (error: unknown) => {
  const code = (error as { code?: unknown }).code;
  return code === '40001' || code === '40P01';
};
export const TRANSACTION_CONFLICT =
  'Another request changed the same data at the same time: try again';

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((thrown, request, reply) => {
    const error = validationFailure(thrown);
    if (error instanceof HttpError) {
      return reply
        .status(error.statusCode)
        .send({ error: { code: error.code, message: error.message, cid: request.id } });
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own client errors: bad JSON (400), body too large (413), unsupported media type
      // (415), each with its status's code.
      return reply.status(status).send({
        error: { code: codeOfStatus(status), message: (error as Error).message, cid: request.id },
      });
    }
    if (isDataException(error)) {
      // A value from the request the database refuses (a NUL byte, a number out of range): the
      // client's mistake, whatever route let it through.
      request.log.warn({ err: error }, 'value refused by the database');
      return reply.status(400).send({
        error: { code: 'bad_request', message: 'Invalid value in the request', cid: request.id },
      });
    }
    if (isTransactionConflict(error)) {
      request.log.warn({ err: error }, 'transaction conflict');
      return reply
        .status(409)
        .send({ error: { code: 'conflict', message: TRANSACTION_CONFLICT, cid: request.id } });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ error: { code: codeOfStatus(500), message: 'Internal error', cid: request.id } });
  });
  // Every route registered after this (it is called before any): a method a path's routes do not
  // take is a 405 naming those they take, not a 404 (docs/decisions/0385); one the router routes
  // nowhere a 501 (0392).
  const routeMethods = createRouteMethods();
  app.decorate('routeMethods', routeMethods);
  app.addHook('onRoute', (route) => routeMethods.learn(route));
  app.setNotFoundHandler((request, reply) => {
    // `OPTIONS *` asks about the server (RFC 9110 9.3.7): what its routes take, no content.
    if (asksAboutServer(request.method, request.url))
      return reply.header('allow', serverAllow(routeMethods.all())).send();
    const refused = methodRefusal(request, reply);
    return reply.send({
      error: {
        code: refused?.code ?? 'not_found',
        message: refused?.message ?? `No route ${request.method} ${request.url}`,
        cid: request.id,
      },
    });
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The methods the platform's routes take at a path (registerErrorHandler). */
    routeMethods: RouteMethods;
  }
}

/**
 * For a request no route takes: a method the router routes nowhere is a 501 (docs/decisions/0392);
 * when routes take its path with other methods, a 405 with Allow naming them. That status is set
 * on the reply and its code and message returned; otherwise a 404 is set and null returned. Each
 * service's not-found answer (uaa's OAuth shape too) goes through it.
 */
export function methodRefusal(
  request: FastifyRequest,
  reply: FastifyReply,
): { code: string; message: string } | null {
  const { method, url } = request;
  if (routesNowhere(request.server.supportedMethods, method)) {
    void reply.status(501);
    return { code: codeOfStatus(501), message: notImplementedMessage(method) };
  }
  const allow = request.server.routeMethods.at(url);
  if (allow.length === 0) {
    void reply.status(404);
    return null;
  }
  void reply.status(405).header('allow', allow.join(', '));
  return {
    code: codeOfStatus(405),
    message: `${method} is not allowed for ${url.split('?', 1)[0]}`,
  };
}

/**
 * Fastify's router answers a path it cannot decode (FST_ERR_BAD_URL, 400) or an overlong
 * parameter (FST_ERR_MAX_PARAM_LENGTH, 414) before any error handler: the `frameworkErrors` option
 * gives those the same shape.
 */
export function frameworkErrors(
  error: Error & { statusCode?: number },
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  void reply
    .status(status)
    .send({ error: { code: codeOfStatus(status), message: error.message, cid: request.id } });
}
