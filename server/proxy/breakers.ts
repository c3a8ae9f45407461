import {
  circuitBreaker,
  ConsecutiveBreaker,
  handleAll,
  type CircuitBreakerPolicy,
} from 'cockatiel';
import { breakerState } from '../observability/metrics';

// One circuit breaker per proxied service (security checklist, "Upstream 5xx storm"): after
// `failures` consecutive failures (5xx answers, timeouts, unreachable), calls to that service fail
// fast with 503 for `halfOpenAfterMs`, then one trial call decides. A sick service then costs the
// gateway nothing and is not hammered while it recovers. Client faults (4xx, oversized bodies,
// visitors who leave) never count. See docs/decisions/0027.
export type BreakerOptions = { failures: number; halfOpenAfterMs: number };
export type Breakers = { for(service: string): CircuitBreakerPolicy };

export const DEFAULT_BREAKER: BreakerOptions = { failures: 5, halfOpenAfterMs: 10_000 };

/** The executed call resolves with the upstream status (0: no upstream verdict) or rejects on a fault. */
export const isFailedStatus = (status: unknown) => typeof status === 'number' && status >= 500;

export function createBreakers(options: BreakerOptions = DEFAULT_BREAKER): Breakers {
  const byService = new Map<string, CircuitBreakerPolicy>();
  return {
    for(service) {
      let breaker = byService.get(service);
      if (!breaker) {
        breaker = circuitBreaker(handleAll.orWhenResult(isFailedStatus), {
          halfOpenAfter: options.halfOpenAfterMs,
          breaker: new ConsecutiveBreaker(options.failures),
        });
        byService.set(service, breaker);
        breakerState.set({ service }, breaker.state);
        breaker.onStateChange((state) => breakerState.set({ service }, state));
      }
      return breaker;
    },
  };
}
