import type { IncomingHttpHeaders, OutgoingHttpHeader, ServerResponse } from 'node:http';
import type { Dispatcher } from 'undici';
import { runInScope } from '../observability/scope';
import { deadAccessCookieCleared, renewsFirst } from '../session/access-token';
import type { GuardedDispatchOptions } from '../upstream/guarded-dispatcher';
import { isConnectionLost } from '../upstream/connection-lost';
import type { Upstream } from '../upstream/upstreams';
import { answerHead, type AnswerFrame } from './answers';
import { callUnderBreaker, type BreakerCaller } from './breaker-call';
import { renewForCall } from './call-renewal';
import {
  answerCircuitOpen,
  answerFailure,
  answerUpstreamError,
  type ErringExchange,
} from './error-answers';
import { upstreamRequestPairs, withoutConnectionNamed } from './headers';
import type { EngineDeps, ProxyCall } from './proxy-call';
import {
  MAX_ATTEMPTS,
  RENEWED_STATUS,
  RETRIED_STATUS,
  replayable,
  retryDelayOf,
} from './retry-rule';
import { UpstreamAttempt, type AttemptOwner, type Verdict } from './upstream-attempt';

// The one engine of /api/services/* (docs/decisions/0210): every proxied call, read or write,
// whichever door it came in by (./front-door.ts before Fastify's routing, or the proxy route),
// is one `ProxyExchange`. At most two upstream calls per visitor request (./retry-rule.ts): a
// second only for a bodiless idempotent request, after a 503 or a lost connection (once, after a
// bounded delay) or after a 401 with a renewed token (once). The answer is written to the visitor's response by
// the engine alone: an upstream answer below 400 streamed through with back-pressure, anything
// else in the gateway's error shape. The visitor leaving aborts the upstream call and ends the
// exchange.
export type { EngineDeps, ProxyCall } from './proxy-call';

export function createProxyEngine(deps: EngineDeps): (call: ProxyCall) => void {
  return (call) => new ProxyExchange(call, deps).start();
}

class ProxyExchange implements AttemptOwner, BreakerCaller, ErringExchange {
  private token: string | null;
  readonly frame: AnswerFrame;
  private renewed = false;
  private attempts = 0;
  private left = false;
  private current: UpstreamAttempt | null = null;
  readonly upstream: Upstream;

  constructor(
    readonly call: ProxyCall,
    readonly deps: EngineDeps,
  ) {
    this.token = call.target.publicPolicy ? null : call.tokens.accessToken;
    this.upstream = deps.upstreams.forService(call.target.service);
    this.frame = {
      cid: call.cid,
      method: call.method,
      own: call.own,
      // An expired access token with no refresh token is sent as before (the service refuses
      // it), and the answer clears its cookie, or every later call sends it again (ADR 0391).
      // Not on a public answer: it carries no token, and would lose its shared cache policy.
      cookies: call.target.publicPolicy ? [] : deadAccessCookieCleared(deps.renewal, call.tokens),
      eventId: undefined,
      closing: false,
    };
    // One listener per response: the visitor left before the whole answer, then the door.
    call.res.once('close', () => {
      if (!call.res.writableFinished) this.leave();
      call.closed?.();
    });
  }

  start(): void {
    const { tokens, target } = this.call;
    // Public catalogue data goes without the token (ADR 0155): nothing to renew for it.
    if (!target.publicPolicy && renewsFirst(tokens.accessToken, tokens.refreshToken))
      return void this.renew(tokens.accessToken).then(() => this.send());
    this.send();
  }

  /**
   * Whether a 503 to the try under way would be asked again: a try is left, and the request may
   * be sent a second time (no body, not a state-changing GET).
   */
  private get secondTryLeft(): boolean {
    const { method, body, target } = this.call;
    return this.attempts < MAX_ATTEMPTS && replayable(method, body !== null, target.changesState);
  }

  /**
   * Renews the access token once; the answer will carry the cookies it set or cleared. `ahead`:
   * the token renewed before its expiry, which uaa's refusal leaves in use; null after a 401.
   */
  private async renew(ahead: string | null): Promise<boolean> {
    this.renewed = true;
    const renewal = await renewForCall(this.deps.renewal, this.call, ahead);
    if (renewal.kind === 'kept') return false;
    this.frame.cookies = renewal.cookies;
    this.token = renewal.kind === 'renewed' ? renewal.accessToken : null;
    return renewal.kind === 'renewed';
  }

  /** Sends the request upstream once more, under the service's circuit breaker. */
  private send(): void {
    if (this.left) return;
    this.attempts += 1;
    callUnderBreaker(this.deps.breakers, this.call.target.service, this);
  }

  /** The service's circuit is open: the call fails fast (./breaker-call.ts). */
  circuitOpen(): void {
    answerCircuitOpen(this);
  }

  dispatch(verdict: Verdict): void {
    const { call, upstream } = this;
    const attempt = new UpstreamAttempt(this, verdict);
    this.current = attempt;
    const headers = upstreamRequestPairs(withoutConnectionNamed(call.headers), {
      cid: call.cid,
      shopOrigin: call.shopOrigin,
      accessToken: this.token,
    });
    try {
      upstream.dispatcher.dispatch(
        {
          origin: upstream.origin,
          path: upstream.prefix === '' ? call.target.path : upstream.prefix + call.target.path,
          method: call.method as Dispatcher.HttpMethod,
          headers: headers as string[],
          body: call.body,
          headersTimeout: upstream.timeoutMs,
          bodyTimeout: upstream.timeoutMs,
          // A 503 to a try that has another after it is not reported (../observability/upstream-watch.ts).
          retriedOn: this.secondTryLeft ? RETRIED_STATUS : undefined,
        } as GuardedDispatchOptions,
        attempt,
      );
    } catch (error) {
      attempt.onResponseError(null, error as Error);
    }
  }

  /** The head of the current attempt's answer: below 400 it is the visitor's answer at once. */
  head(statusCode: number, headers: IncomingHttpHeaders): boolean {
    if (statusCode >= 400) return false;
    const { call } = this;
    this.frame.closing = this.deps.shuttingDown();
    const pairs = answerHead(this.frame, headers, this.token !== null, call.target.publicPolicy);
    call.res.writeHead(statusCode, pairs as OutgoingHttpHeader[]);
    return true;
  }

  /**
   * An answer >= 400 arrived whole (its body capped): ask again, or answer it. This runs in
   * undici's callback, whose async context is whichever request's the connection's read came in
   * (another visitor's, on a kept-alive connection): what it starts (the second try, the renewal)
   * runs in this call's own scope, so its span, breadcrumbs and reports are this request's.
   */
  refused(statusCode: number, headers: IncomingHttpHeaders, body: Buffer): void {
    if (this.left) return;
    const second = this.secondTryLeft;
    const { scope } = this.call;
    if (statusCode === RETRIED_STATUS && second) {
      setTimeout(() => runInScope(scope, () => this.send()), retryDelayOf(headers));
      return;
    }
    const { tokens, target } = this.call;
    if (
      statusCode === RENEWED_STATUS &&
      second &&
      !this.renewed &&
      tokens.refreshToken &&
      !target.publicPolicy
    ) {
      runInScope(scope, () => {
        void this.renew(null).then((renewed) => {
          if (renewed) this.send();
          else answerUpstreamError(this, statusCode, headers, body);
        });
      });
      return;
    }
    answerUpstreamError(this, statusCode, headers, body);
  }

  /**
   * The attempt got no answer (or lost it before its head). The guard's deadline sweep tells it
   * from another visitor's async context: the warning is written in this call's own scope.
   */
  failed(error: Error): void {
    if (this.left) return void (this.call.res.statusCode = 499);
    const { scope } = this.call;
    // A connection refused or closed before any answer: asked again once (docs/decisions/0353).
    if (this.secondTryLeft && isConnectionLost(error)) {
      setTimeout(() => runInScope(scope, () => this.send()), retryDelayOf({}));
      return;
    }
    runInScope(scope, () => answerFailure(this, error));
  }

  /** The visitor went away before the whole answer: stop the upstream work too. */
  private leave(): void {
    this.left = true;
    this.current?.abort();
  }

  get response(): ServerResponse {
    return this.call.res;
  }

  get visitorLeft(): boolean {
    return this.left;
  }
}
