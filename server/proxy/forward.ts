import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import type { Config } from '../config';
import { proxyCredentials } from '../session/access-token';
import { readTokenCookies } from '../session/cookies';
import type { Refresher } from '../session/refresh';
import { headerPairsOf } from '../upstream/header-pairs';
import { isBrokenCircuitError } from 'cockatiel';
import { withAbortSignal } from './abort';
import { changesStateOnGet } from '../request/csrf';
import type { Breakers } from './breakers';
import { jsonError } from '../errors/json-error';
import { sendUpstreamError } from './error-body';
import { sendProxyError } from './errors';
import { handoverOf, takeOutcome } from './handover';
import { downstreamHeaders, upstreamRequestHeaders } from './headers';
import { publicAnswerPolicy, withPublicPolicy } from './public-answers';
import {
  isBodilessRead,
  readRequestOf,
  refusedLikeReplyFrom,
  streamAttempt,
  type UpstreamAnswer,
} from './stream-exchange';
import type { Dispatcher } from 'undici';

// One proxied call through @fastify/reply-from: headers rewritten both ways, an explicit timeout,
// at most one retry of a GET on 503, and, for an idempotent call the upstream refused with 401,
// one token refresh and one retry (docs/decisions/0025).
export type ForwardDeps = {
  refresher: Refresher;
  config: Config;
  breakers: Breakers;
  /** The platform's pool, for the fast path of reads (./stream-exchange.ts). */
  dispatcher: Dispatcher;
};
/** `path`: the upstream URL without its origin (`url` = origin + path). */
type Target = { service: string; url: string; origin: string; path: string };

const REPLAYABLE = new Set(['GET', 'HEAD', 'OPTIONS']);
const MAX_RETRY_DELAY_MS = 250;

/** reply-from's delay before retrying a 503 (Retry-After, else up to 42 ms), at most 250 ms. */
function retryDelayOf(headers: IncomingHttpHeaders): number {
  const sent = headers['retry-after'];
  const delay = sent === undefined ? 42 * Math.random() : Number(sent);
  return Math.min(Number.isFinite(delay) ? delay : 0, MAX_RETRY_DELAY_MS);
}

export async function forward(
  request: FastifyRequest,
  reply: FastifyReply,
  target: Target,
  deps: ForwardDeps,
): Promise<void> {
  const cookies = readTokenCookies(request);
  // Public catalogue data goes without the token and stays publicly cacheable (ADR 0155).
  const publicPolicy = publicAnswerPolicy(request.method, target.url);
  const first = publicPolicy
    ? { accessToken: null, renewed: false }
    : await proxyCredentials(request, reply, deps, { cookies });
  const controller = new AbortController();
  // The client went away before the answer was complete: stop the upstream work too.
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  // A GET that changes state (copyBookingToCart) is never sent twice (issue #12 item 6).
  const replayable = REPLAYABLE.has(request.method) && !changesStateOnGet(request.routePath);
  const canRenew = replayable && !publicPolicy && !first.renewed && cookies.refreshToken !== null;

  const breaker = deps.breakers.for(target.service);
  const fast = isBodilessRead(request);
  // A read the fast path began: its first upstream outcome is waiting (./handover.ts).
  let handedOver = fast && handoverOf(request.raw)?.outcome !== undefined;

  // The fast path of a read: at most one retry of a 503, then the answer is written directly,
  // or sent through the reply (>= 400), or, on 401, the token renewed once.
  const fastExchange = (accessToken: string | null, mayRenew: boolean) =>
    new Promise<number>((settle, fail) => {
      const run = async () => {
        if (refusedLikeReplyFrom(target.path)) {
          request.log.info('proxy refused the path');
          void jsonError(reply, 400, 'bad_path', 'Refused path');
          return settle(0);
        }
        for (let attempt = 0; ; attempt += 1) {
          const outcome =
            (attempt === 0 && takeOutcome(request.raw)) ||
            (await streamAttempt(readRequestOf(request), reply.raw, {
              dispatcher: deps.dispatcher,
              origin: target.origin,
              path: target.path,
              timeoutMs: deps.config.timeouts.proxy,
              signal: controller.signal,
              accessToken,
              direct:
                publicPolicy !== null || (accessToken === cookies.accessToken && !first.renewed),
              cachePolicy: publicPolicy,
              takeOver: () => {
                reply.hijack();
                return headerPairsOf(reply.getHeaders() as OutgoingHttpHeaders);
              },
            }));
          if (outcome.kind === 'written') return settle(outcome.statusCode);
          if (outcome.kind === 'failed') {
            const aborted = controller.signal.aborted;
            const fault = sendProxyError(reply, outcome.error, target, aborted);
            return fault ? fail(outcome.error) : settle(0);
          }
          const { answer } = outcome;
          if (answer.statusCode === 503 && replayable && attempt < 1) {
            answer.stream.resume();
            await new Promise((resolve) => setTimeout(resolve, retryDelayOf(answer.headers)));
            continue;
          }
          settle(answer.statusCode);
          reply.code(answer.statusCode).headers(answer.headers);
          if (answer.statusCode === 401 && mayRenew)
            return void retryAfterRefusal(answer, answer.headers, accessToken);
          // Errors in the gateway's shape (docs/decisions/0127).
          if (answer.statusCode >= 400)
            return void sendUpstreamError(reply, answer, target.service);
          reply.send(answer.stream);
        }
      };
      run().catch(fail);
    });

  // Runs one upstream exchange under the service's circuit breaker. The promise only tells the
  // breaker how it went (status, or a rejection for a fault); the reply is sent by the callbacks.
  const send = (accessToken: string | null, mayRenew: boolean): void => {
    let copied: IncomingHttpHeaders = {};
    const exchange = fast
      ? () => fastExchange(accessToken, mayRenew)
      : () =>
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
                  rewriteHeaders: (headers) => {
                    copied = downstreamHeaders(
                      headers as IncomingHttpHeaders,
                      accessToken !== null,
                    );
                    if (publicPolicy) copied = withPublicPolicy(copied, publicPolicy);
                    return copied;
                  },
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
    // The fast path's attempt was already under the breaker (ADR 0207): not counted twice.
    if (handedOver) {
      handedOver = false;
      exchange().catch(() => {}); // a fault was answered by the exchange itself
      return;
    }
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
