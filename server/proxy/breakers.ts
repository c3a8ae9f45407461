import {
  circuitBreaker,
  ConsecutiveBreaker,
  ExponentialBackoff,
  halfJitterGenerator,
  handleAll,
  type CircuitBreakerPolicy,
} from 'cockatiel';
import { noteBreakerState } from '../observability/breaker-watch';

// One circuit breaker per proxied service (security checklist, "Upstream 5xx storm"): after
// `failures` consecutive failures (5xx answers, timeouts, unreachable), calls to that service fail
// fast with 503, then one trial call decides. The first trial comes after about
// `halfOpenAfterMs`; each failed trial doubles the wait, up to `maxHalfOpenAfterMs`, and a
// success closes the circuit and starts over. A sick service then costs the gateway nothing and
// is not hammered while it recovers, and a service that comes back (a platform restart) is used
// again within seconds (docs/decisions/0142; was a fixed 10 s, 0027). Client faults (4xx,
// oversized bodies, visitors who leave) never count.
export type BreakerOptions = {
  failures: number;
  halfOpenAfterMs: number;
  maxHalfOpenAfterMs: number;
};
export type Breakers = {
  for(service: string): CircuitBreakerPolicy;
  /**
   * A success seen without `execute()`, for a call that started while the circuit was closed:
   * counted as the policy counts one then (the consecutive failures start over). The engine's
   * common case, a closed circuit, uses it instead of a promise per call (docs/decisions/0210).
   */
  succeeded(service: string): void;
};

export const DEFAULT_BREAKER: BreakerOptions = {
  failures: 5,
  halfOpenAfterMs: 1_000,
  maxHalfOpenAfterMs: 5_000,
};

/** The executed call resolves with the upstream status (0: no upstream verdict) or rejects on a fault. */
export const isFailedStatus = (status: unknown) => typeof status === 'number' && status >= 500;

export function createBreakers(options: BreakerOptions = DEFAULT_BREAKER): Breakers {
  const byService = new Map<string, CircuitBreakerPolicy>();
  const counters = new Map<string, ConsecutiveBreaker>();
  return {
    for(service) {
      let breaker = byService.get(service);
      if (!breaker) {
        const counter = new ConsecutiveBreaker(options.failures);
        counters.set(service, counter);
        breaker = circuitBreaker(handleAll.orWhenResult(isFailedStatus), {
          // Half jitter: each wait is between half and all of its doubling step, so replicas
          // do not send their trials in step.
          halfOpenAfter: new ExponentialBackoff({
            initialDelay: options.halfOpenAfterMs,
            maxDelay: options.maxHalfOpenAfterMs,
            generator: halfJitterGenerator,
          }),
          breaker: counter,
        });
        byService.set(service, breaker);
        noteBreakerState(service, breaker.state);
        breaker.onStateChange((state) => noteBreakerState(service, state));
      }
      return breaker;
    },
    succeeded(service) {
      counters.get(service)?.success();
    },
  };
}
