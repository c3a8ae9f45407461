import type { IncomingHttpHeaders } from 'node:http';
import type { Upstream } from '../upstream/upstreams';
import { writeError, type AnswerFrame } from './answers';
import type { EngineDeps, ProxyCall } from './proxy-call';
import { upstreamErrorOf, type Shaped } from './error-body';
import { failureAnswer } from './failures';

// A proxied call's answer when it is not an upstream answer below 400 (./engine.ts): no answer
// at all (502, 504 or 400 from ./failures.ts, with its warning line and, when it is the
// upstream's fault, an error report), or an upstream answer >= 400 in the gateway's error shape
// (./error-body.ts keeps its status and message), or an open circuit's 503.

/** What of an exchange (./engine.ts) its error answer reads. */
export type ErringExchange = {
  readonly call: Pick<ProxyCall, 'res' | 'scope' | 'target' | 'log'>;
  readonly deps: Pick<EngineDeps, 'reporter' | 'shuttingDown'>;
  readonly frame: AnswerFrame;
  readonly upstream: Pick<Upstream, 'origin' | 'prefix'>;
  readonly visitorLeft: boolean;
};

/** The attempt got no answer: 502, 504 or 400, its warning line and its report. */
export function answerFailure(exchange: ErringExchange, error: Error): void {
  const { call, upstream } = exchange;
  const { target } = call;
  const answer = failureAnswer(error, target.service);
  if (answer.logged) call.log().warn(answer.logged, 'proxied call failed');
  if (answer.reported) {
    const url = `${upstream.origin}${upstream.prefix}${target.path}`;
    void exchange.deps.reporter().httpFailure(call.scope, {
      status: answer.status,
      statusText: answer.reported,
      url,
      path: target.path,
    });
  }
  answerError(exchange, answer.status, answer.error);
}

/** An upstream answer >= 400 (its body capped), in the gateway's error shape. */
export function answerUpstreamError(
  exchange: ErringExchange,
  status: number,
  headers: IncomingHttpHeaders,
  body: Buffer,
): void {
  const encoding = headers['content-encoding'];
  const error = upstreamErrorOf(status, encoding, body, exchange.call.target.service);
  answerError(exchange, status, error, headers);
}

/** The visitor's answer in the gateway's error shape, unless it left or its answer started. */
export function answerError(
  exchange: ErringExchange,
  status: number,
  error: Shaped,
  upstream: IncomingHttpHeaders | null = null,
): void {
  const { call, frame } = exchange;
  const { res, scope } = call;
  if (exchange.visitorLeft || res.headersSent) return;
  frame.eventId = scope.eventId;
  frame.closing = exchange.deps.shuttingDown();
  writeError(res, frame, status, error, upstream);
}

/** The service's circuit is open (./breaker-call.ts): 503 without an upstream call. */
export function answerCircuitOpen(exchange: ErringExchange): void {
  const { service } = exchange.call.target;
  exchange.call.log().warn({ service }, 'circuit open: failing fast');
  answerError(exchange, 503, {
    code: 'upstream_unavailable',
    message: `The ${service} service is unavailable; try again shortly`,
  });
}
