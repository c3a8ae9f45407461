import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';

// Service errors have the shape { error: { code, message } }. Handlers throw HttpError; zod
// failures become 400 with the failing fields in the message; anything else is a logged 500.
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

/** Parses input with a zod schema; a failure is a 400 naming each bad field. */
export function parse<S extends z.ZodType>(
  schema: S,
  value: unknown,
  what = 'request',
): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const detail = result.error.issues
    .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
    .join('; ');
  throw badRequest(`Invalid ${what}: ${detail}`);
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .status(error.statusCode)
        .send({ error: { code: error.code, message: error.message } });
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own client errors: bad JSON, body too large, unsupported media type.
      return reply
        .status(status)
        .send({ error: { code: 'bad_request', message: (error as Error).message } });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: { code: 'internal', message: 'Internal error' } });
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .send({ error: { code: 'not_found', message: `No route ${request.method} ${request.url}` } }),
  );
}
