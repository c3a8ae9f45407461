import { CircuitState, isBrokenCircuitError } from 'cockatiel';
import { isFailedStatus, type Breakers } from './breakers';
import type { Verdict } from './upstream-attempt';

// How one upstream attempt of the proxy engine (./engine.ts) goes under its service's circuit
// breaker (./breakers.ts, docs/decisions/0027). A closed circuit, the common case, costs no
// promise: the attempt goes at once and its outcome is told to the breaker afterwards. Open or
// half-open, the breaker decides whether it may go (one trial at a time).

/** What of an exchange (./engine.ts) its breaker drives. */
export type BreakerCaller = {
  /** Sends the attempt upstream; `verdict` is told once how it went. */
  dispatch(verdict: Verdict): void;
  /** The circuit is open: the call fails fast, without an upstream call. */
  circuitOpen(): void;
};

/** Sends `caller`'s attempt to `service` if its circuit breaker lets it go. */
export function callUnderBreaker(breakers: Breakers, service: string, caller: BreakerCaller): void {
  const breaker = breakers.for(service);
  if (breaker.state === CircuitState.Closed) {
    return caller.dispatch((outcome) => {
      // No verdict (the visitor left, the gateway cut the upload): it says nothing of the
      // service, so it must not start the consecutive failures over either (a sick service
      // that makes visitors give up would never open its breaker).
      if (outcome === 0) return;
      if (typeof outcome === 'number' && !isFailedStatus(outcome))
        return breakers.succeeded(service);
      breaker
        .execute(async () => {
          if (outcome instanceof Error) throw outcome;
          return outcome;
        })
        .catch(() => undefined); // counted; the exchange answers it
    });
  }
  breaker
    .execute(
      () =>
        new Promise<number>((resolve, reject) =>
          caller.dispatch((outcome) =>
            outcome instanceof Error ? reject(outcome) : resolve(outcome),
          ),
        ),
    )
    .catch((error: unknown) => {
      if (isBrokenCircuitError(error)) caller.circuitOpen(); // else a fault: the exchange answers it
    });
}
