import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createRouteMethods, type RouteMethods } from '../../shared/route-methods';
import { jsonError } from '../errors/json-error';
import { methodNotAllowed } from '../errors/method-not-allowed';
import type { ErrorReporter } from '../errors/reported-error';
import { codeOfStatus, statusOf } from '../errors/status';

// The gateway's one error plugin (issue #10 item 5, docs/decisions/0123): every error that reaches
// Fastify (thrown by a handler or hook, refused by a body parser, a route that does not exist, a
// request Fastify refuses before routing) is answered in the JSON shape { error: { code, message,
// cid } }, logged once with its CID, and, when it is the gateway's fault (5xx), handed to the
// error reporters. Server errors never show their message to the client.
declare module 'fastify' {
  interface FastifyInstance {
    /** Called for every gateway error answered with a 5xx (obs connects Sentry here). */
    errorReporters: ErrorReporter[];
    /** Logs, reports and answers an error the way the error handler does. */
    answerError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply;
    /**
     * What the onResponse hooks do for a request (its metrics, its request line), for a request
     * Fastify refused before routing (a malformed URL): it runs no hook. Each is called once the
     * answer is sent, with the milliseconds it took.
     */
    afterUnroutedAnswer: UnroutedAnswerWatcher[];
    /** answerError for a request refused before routing (`frameworkErrors`); then afterUnroutedAnswer. */
    answerUnrouted(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply;
    /**
     * The methods the gateway's own routes take at a path, all but the page route's (`/*`, whose
     * methods are the page's: render/page-methods.ts): a 405's Allow (ADR 0385).
     */
    routeMethods: RouteMethods;
  }
}

/** The page route of plugins/render.ts: its methods are the page's (render/page-methods.ts). */
const PAGE_ROUTE = '/*';

export type UnroutedAnswerWatcher = (
  request: FastifyRequest,
  reply: FastifyReply,
  elapsedMs: number,
) => void;

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
        return jsonError(reply, status, codeOfStatus(status), 'Something went wrong on our side');
      }
      const message = (error as { message?: string })?.message || 'Bad request';
      request.log.info({ statusCode: status, code: (error as FastifyError)?.code }, message);
      if (reply.sent || reply.raw.headersSent) return reply;
      return jsonError(reply, status, codeOfStatus(status), message);
    };
    app.decorate('answerError', answer);

    const watchers: UnroutedAnswerWatcher[] = [];
    app.decorate('afterUnroutedAnswer', watchers);
    app.decorate(
      'answerUnrouted',
      (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
        const started = performance.now();
        reply.raw.once('finish', () => {
          const elapsedMs = performance.now() - started;
          for (const watcher of watchers) watcher(request, reply, elapsedMs);
        });
        return answer(error, request, reply);
      },
    );
    app.setErrorHandler((error: FastifyError, request, reply) => answer(error, request, reply));

    // Every route registered after this plugin (it is registered first) but the page route.
    const routeMethods = createRouteMethods();
    app.decorate('routeMethods', routeMethods);
    app.addHook('onRoute', (route) => {
      if (route.url !== PAGE_ROUTE) routeMethods.learn(route);
    });
    // A method no route takes at a path some route has (in an app without the page route, which
    // takes every method Fastify routes; one it routes nowhere is a 501 before, ADR 0392): 405
    // naming those it takes.
    app.setNotFoundHandler((request, reply) => {
      const allow = routeMethods.at(request.url);
      if (allow.length > 0) return methodNotAllowed(reply, allow);
      return jsonError(
        reply,
        404,
        'not_found',
        `Nothing at ${request.method} ${request.url.slice(0, 200)}`,
      );
    });
  },
  { name: 'errors' },
);
