import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import type { Config } from '../config';
import { proxyCredentials } from '../session/access-token';
import { readTokenCookies } from '../session/cookies';
import type { Refresher } from '../session/refresh';
import { isBrokenCircuitError } from 'cockatiel';
import { withAbortSignal } from './abort';
import { changesStateOnGet } from '../plugins/csrf';
import type { Breakers } from './breakers';
import { jsonError } from '../errors/json-error';
import { sendUpstreamError } from './error-body';
import { sendProxyError } from './errors';
import { downstreamHeaders, upstreamRequestHeaders } from './headers';

// One proxied call through @fastify/reply-from: headers rewritten both ways, an explicit timeout,
// at most one retry of a GET on 503, and, for an idempotent call the upstream refused with 401,
// one token refresh and one retry (docs/decisions/0025).
export type ForwardDeps = { refresher: Refresher; config: Config; breakers: Breakers };
type Target = { service: string; url: string };
type UpstreamAnswer = {
  statusCode: number;
  headers: IncomingHttpHeaders;
  stream: NodeJS.ReadableStream & { destroy(): void };
};

const REPLAYABLE = new Set(['GET', 'HEAD', 'OPTIONS']);
const MAX_RETRY_DELAY_MS = 250;

export async function forward(
  request: FastifyRequest,
  reply: FastifyReply,
  target: Target,
  deps: ForwardDeps,
): Promise<void> {
  const cookies = readTokenCookies(request);
  const first = await proxyCredentials(request, reply, deps, { cookies });
  const controller = new AbortController();
  // The client went away before the answer was complete: stop the upstream work too.
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  // A GET that changes state (copyBookingToCart) is never sent twice (issue #12 item 6).
  const replayable = REPLAYABLE.has(request.method) && !changesStateOnGet(request.routePath);
  const canRenew = replayable && !first.renewed && cookies.refreshToken !== null;

  const breaker = deps.breakers.for(target.service);

  // Runs one upstream exchange under the service's circuit breaker. The promise only tells the
  // breaker how it went (status, or a rejection for a fault); the reply is sent by the callbacks.
  const send = (accessToken: string | null, mayRenew: boolean): void => {
    let copied: IncomingHttpHeaders = {};
    const exchange = () =>
      new Promise<number>((settle, fail) => {
        try {
          withAbortSignal(controller.signal, () =>
            reply.from(target.url, {
              timeout: deps.config.timeouts.proxy,
              retriesCount: 0,
              // Read per call by reply-from; 503 retries are also bounded in retryDelay below.
              ...({ maxRetriesOn503: 1 } as object),
              retryDelay: ({ req, res, err, attempt, getDefaultDelay }) => {
                const delay =
                  replayable && attempt < 1 ? getDefaultDelay(req, res, err, attempt) : null;
                if (delay === null) return null;
                (res as unknown as UpstreamAnswer | undefined)?.stream.resume();
                return Math.min(Number(delay) || 0, MAX_RETRY_DELAY_MS);
              },
              rewriteRequestHeaders: (req, headers) =>
                upstreamRequestHeaders(headers as IncomingHttpHeaders, {
                  cid: req.cid,
                  shopOrigin: req.shopOrigin,
                  accessToken,
                }),
              rewriteHeaders: (headers) =>
                (copied = downstreamHeaders(headers as IncomingHttpHeaders, accessToken !== null)),
              onError: (_reply, { error }) => {
                const fault = sendProxyError(reply, error, target, controller.signal.aborted);
                if (fault) fail(error);
                else settle(0);
              },
              onResponse: (_request, _reply, raw) => {
                const res = raw as unknown as UpstreamAnswer;
                settle(res.statusCode);
                if (res.statusCode === 401 && mayRenew)
                  return void retryAfterRefusal(res, copied, accessToken);
                // Errors in the gateway's shape (docs/decisions/0127); answers stream through.
                if (res.statusCode >= 400)
                  return void sendUpstreamError(reply, res, target.service);
                reply.send(res.stream);
              },
            }),
          );
        } catch (error) {
          // reply-from refuses some paths itself (its own `..` check): same answer as ours.
          request.log.info({ err: error }, 'proxy refused the path');
          void jsonError(reply, 400, 'bad_path', 'Refused path');
          settle(0);
        }
      });
    breaker.execute(exchange).catch((error: unknown) => {
      if (!isBrokenCircuitError(error)) return; // a fault: already answered by onError
      request.log.warn({ service: target.service }, 'circuit open: failing fast');
      void jsonError(
        reply,
        503,
        'upstream_unavailable',
        `The ${target.service} service is unavailable; try again shortly`,
      );
    });
  };

  // The upstream refused the token: renew it once; with a new token, drop the 401 and ask again.
  const retryAfterRefusal = async (
    refused: UpstreamAnswer,
    copied: IncomingHttpHeaders,
    used: string | null,
  ) => {
    const renewed = await proxyCredentials(request, reply, deps, {
      force: true,
      accessToken: used,
    });
    if (!renewed.renewed || controller.signal.aborted)
      return void sendUpstreamError(reply, refused, target.service);
    refused.stream.on('error', () => {}); // destroying an unread undici body emits an abort error
    refused.stream.destroy();
    for (const name of Object.keys(copied)) reply.removeHeader(name);
    send(renewed.accessToken, false);
  };

  send(first.accessToken, canRenew);
}
