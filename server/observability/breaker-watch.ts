import { breakerState } from './metrics';
import { addBreadcrumb } from './breadcrumbs';

// What the proxy's circuit breakers are doing, for metrics, spans and reports (issue #28): the
// proxy's breakers (../proxy/breakers.ts) tell each state here; one gauge series per service and
// state (1 for the current one), the state as a span attribute of each upstream call, and each
// change as a breadcrumb of later reports.
const NAMES = ['closed', 'open', 'half_open', 'isolated'] as const;
export type BreakerStateName = (typeof NAMES)[number];

const current = new Map<string, BreakerStateName>();

/** `state`: cockatiel's CircuitState (0 closed, 1 open, 2 half-open, 3 isolated). */
export function noteBreakerState(service: string, state: number): void {
  const name = NAMES[state] ?? 'closed';
  const before = current.get(service);
  current.set(service, name);
  for (const each of NAMES) breakerState.set({ service, state: each }, each === name ? 1 : 0);
  if (before !== undefined && before !== name)
    addBreadcrumb({ category: 'breaker', message: `${service}: ${before} -> ${name}` }, true);
}

/** The state of a service's breaker (`closed` when the proxy has not used the service yet). */
export function breakerStateOf(service: string): BreakerStateName {
  return current.get(service) ?? 'closed';
}
