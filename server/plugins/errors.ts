import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jsonError } from '../errors/json-error';

// The gateway's one error plugin (issue #10 item 5, docs/decisions/0123): every error that reaches
// Fastify (thrown by a handler or hook, refused by a body parser, a route that does not exist, a
// request Fastify refuses before routing) is answered in the JSON shape { error: { code, message,
// cid } }, logged once with its CID, and, when it is the gateway's fault (5xx), handed to the
// error reporters. Server errors never show their message to the client.
export type ReportedError = { error: unknown; request: FastifyRequest; status: number };
export type ErrorReporter = (report: ReportedError) => void;

declare module 'fastify' {
  interface FastifyInstance {
    /** Called for every gateway error answered with a 5xx (obs connects Sentry here). */
    errorReporters: ErrorReporter[];
    /** Logs, reports and answers an error the way the error handler does. */
    answerError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply;
  }
}

// Fastify's own 4xx codes, named in the shop's vocabulary.
const CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  408: 'request_timeout',
  411: 'length_required',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  421: 'misdirected_request',
  429: 'rate_limited',
  431: 'headers_too_large',
};

const SERVER_CODES: Record<number, string> = {
  502: 'upstream_error',
  503: 'unavailable',
  504: 'upstream_timeout',
};

/** The gateway's code for an error status (React Router's resource-route errors, say). */
export function codeOfStatus(status: number): string {
  return status >= 500
    ? (SERVER_CODES[status] ?? 'internal_error')
    : (CODES[status] ?? 'bad_request');
}

/** A client error's code: a malformed or invalid body is `invalid_request`. */
function clientCode(error: unknown, status: number): string {
  const e = error as Partial<FastifyError>;
  if (status === 400 && (e?.validation || e?.code?.startsWith('FST_ERR_CTP_')))
    return 'invalid_request';
  return CODES[status] ?? 'bad_request';
}

/** The status an error stands for: its own 4xx/5xx, or 500. */
export function statusOf(error: unknown): number {
  const e = error as Partial<FastifyError> & { status?: number };
  const status = e?.statusCode ?? e?.status;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : 500;
}

export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('errorReporters', [] as ErrorReporter[]);

    const answer = (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
      const status = statusOf(error);
      if (status >= 500) {
        request.log.error({ err: error, statusCode: status }, 'request failed');
        for (const report of app.errorReporters) {
          try {
            report({ error, request, status });
          } catch (failure) {
            request.log.warn({ err: failure }, 'error reporter failed');
          }
        }
        if (reply.sent || reply.raw.headersSent) return reply;
        const code = SERVER_CODES[status] ?? 'internal_error';
        return jsonError(reply, status, code, 'Something went wrong on our side');
      }
      const message = (error as { message?: string })?.message || 'Bad request';
      request.log.info({ statusCode: status, code: (error as FastifyError)?.code }, message);
      if (reply.sent || reply.raw.headersSent) return reply;
      return jsonError(reply, status, clientCode(error, status), message);
    };
    app.decorate('answerError', answer);
    app.setErrorHandler((error: FastifyError, request, reply) => answer(error, request, reply));
    app.setNotFoundHandler((request, reply) =>
      jsonError(
        reply,
        404,
        'not_found',
        `Nothing at ${request.method} ${request.url.slice(0, 200)}`,
      ),
    );
  },
  { name: 'errors' },
);
