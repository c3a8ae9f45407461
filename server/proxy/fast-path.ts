import { CircuitState } from 'cockatiel';
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Config } from '../config';
import { limitBucket } from '../limits/buckets';
import { countRequest } from '../observability/metrics';
import { requestScope } from '../observability/plugin';
import { runInScope } from '../observability/scope';
import { requestLineWriter } from '../plugins/request-log';
import { requestCid, shopOriginOf } from '../request/identity';
import { hostHeaderCount, hostProblem } from '../request/target';
import { expiresSoon } from '../session/access-token';
import { ACCESS_COOKIE, REFRESH_COOKIE, usable } from '../session/cookies';
import type { Breakers } from './breakers';
import { clientAddressOf as clientAddress } from './client-address';
import { Departure } from './departure';
import { headerPairsOf } from '../upstream/header-pairs';
import { handOver } from './handover';
import { readPlans } from './read-plans';
import { dispatchRead, type Attempt } from './stream-exchange';
import type { Dispatcher } from 'undici';

// Proxied reads before Fastify's routing (ADR 0207). A GET or HEAD to /api/services/* costs the
// gateway ~2x a bare @fastify/http-proxy's CPU, most of it Fastify's per-request machinery (request
// and reply objects, nine onRequest hooks, cookie parsing and its onSend, a child logger) for
// answers nothing of it changes. The common case is served here with the same guarantees, checked
// in the same order; anything else goes to Fastify untouched (`false`), so every rule keeps one
// implementation for the rare cases: a malformed Host, an unknown service or refused path, a body,
// a token due for renewal, an open circuit, shutting down.
// An upstream answer >= 400, or none, is handed to Fastify too (./handover.ts): the error shape,
// the 401 renewal and the 503 retry stay the proxy route's.
export type FastPathDeps = {
  app: FastifyInstance;
  config: Config;
  breakers: Breakers;
  dispatcher: Dispatcher;
  /** The platform's origin (every target starts with it). */
  origin: string;
  securityHeaders: Readonly<Record<string, string>>;
};

const PREFIX = '/api/services/';

/** How many reads the fast path served itself, and handed to Fastify after the upstream call. */
export const fastPathCounts = { served: 0, handedOver: 0 };

/** Serves `req` when it is a plain proxied read; false: Fastify must handle it. */
export function proxyFastPath(deps: FastPathDeps) {
  const { app, config, breakers, dispatcher, origin } = deps;
  const clientAddressOf = clientAddress(config.trustProxy);
  const securityPairs = headerPairsOf(deps.securityHeaders);
  const planOf = readPlans(config.platformUrl, origin);
  const writeLine = requestLineWriter(app.log);

  return function serve(
    req: IncomingMessage,
    res: ServerResponse,
    fastify: (req: IncomingMessage, res: ServerResponse) => void,
  ): boolean {
    const method = req.method;
    if (method !== 'GET' && method !== 'HEAD') return false;
    const url = req.url ?? '';
    if (!url.startsWith(PREFIX) || url.includes('#')) return false;
    if (app.shuttingDown || !app.server.listening) return false;
    const headers = req.headers;
    const length = headers['content-length'];
    if (headers['transfer-encoding'] !== undefined || (length && length !== '0')) return false;
    // Host, protocol and address as Fastify takes them (X-Forwarded-* from TRUST_PROXY peers).
    const client = clientAddressOf(req);
    const { host, protocol } = client;
    if (protocol !== 'http' && protocol !== 'https') return false;
    if (hostProblem(host) || hostHeaderCount(req.rawHeaders) !== 1) return false;
    const plan = planOf(url);
    if (!plan) return false;
    const cookies = headers.cookie ? app.parseCookie(headers.cookie) : {};
    if (limitBucket(method, url, Boolean(cookies[ACCESS_COOKIE]))) return false;
    const breaker = breakers.for(plan.service);
    if (breaker.state !== CircuitState.Closed) return false;
    const publicPolicy = method === 'GET' ? plan.publicPolicy : null;
    const accessToken = usable(cookies[ACCESS_COOKIE]);
    const refreshToken = usable(cookies[REFRESH_COOKIE]);
    // A token to renew first: the renewal sets cookies, Fastify's path does it.
    if (
      !publicPolicy &&
      refreshToken !== null &&
      (accessToken === null || expiresSoon(accessToken))
    )
      return false;

    const started = performance.now();
    const cid = requestCid(req);
    const shopOrigin = shopOriginOf({ protocol, host: host! });
    const scope = requestScope(app, {
      cid,
      shopOrigin,
      traceparent: headers.traceparent,
      routeId: 'proxy',
      tokens: { accessToken, refreshToken },
    });
    // The visitor went away before the answer was complete: stop the upstream work too.
    const departure = new Departure();
    const readRequest = { method, headers, cid, shopOrigin, shuttingDown: () => app.shuttingDown };
    const attemptOptions = {
      dispatcher,
      origin,
      path: plan.path,
      timeoutMs: config.timeouts.proxy,
      signal: departure,
      accessToken: publicPolicy ? null : accessToken,
      direct: true,
      cachePolicy: publicPolicy,
      takeOver: () => [...securityPairs, 'x-correlation-id', cid],
    };
    // As Fastify's onResponse hooks do: the metrics and the request's log line once it closed.
    let written = 0; // the status of an answer written here (0: none, or handed to Fastify)
    const logLine = () => {
      const elapsedMs = performance.now() - started;
      countRequest('proxy', method, written, elapsedMs / 1000);
      writeLine({
        cid,
        method,
        url,
        statusCode: written,
        responseTime: elapsedMs,
        remoteAddress: client.ip,
        pageCid: headers['x-page-cid'],
      });
    };
    // One 'close' listener for all the fast path does when the response closes.
    const left = app.enterFlight();
    res.once('close', () => {
      left();
      departure.closed(res);
      if (written) logLine();
    });
    const finished = (statusCode: number) => {
      written = statusCode;
      if (res.closed) logLine();
    };

    // The breaker sees the first attempt as the route would (status, or a rejection for a fault);
    // the route's own breaker call then only covers what it sends again (renewal, retry). The
    // common case, an answer written here, is a success counted at once, without a promise chain
    // (each promise costs an async-context hook and a microtask per read, ADR 0201).
    const settle = (outcome: Attempt) => {
      if (outcome.kind === 'written') {
        breakers.succeeded(plan.service);
        fastPathCounts.served += 1;
        return finished(outcome.statusCode);
      }
      fastPathCounts.handedOver += 1;
      void runInScope(scope, () =>
        breaker
          .execute(async () => {
            if (outcome.kind === 'answer') return outcome.answer.statusCode;
            if (departure.aborted) return 0;
            throw outcome.error;
          })
          .catch(() => undefined) // counted by the breaker; the route answers it
          .finally(() => {
            handOver(req, { cid, scope, outcome });
            fastify(req, res);
          }),
      );
    };
    runInScope(scope, () => dispatchRead(readRequest, res, attemptOptions, settle));
    return true;
  };
}
