import { currentScope, type Breadcrumb, type RequestScope } from './scope';

// Breadcrumbs of server reports (issue #28 item 2): what happened in the request before its
// report: its platform calls (service, method, route template, status), the token renewal, and the
// proxy's breaker changes (process-wide: a change is caused by many requests). Kept only while
// reporting is on; at most MAX per event, the specification's limit.
export const MAX_BREADCRUMBS = 100;
const PROCESS_WIDE_MAX = 20;
const PROCESS_WIDE_MS = 10 * 60_000;

let collecting = false;
const processWide: Breadcrumb[] = [];

/** Switched on with error reporting (../error-reporting.ts). */
export function collectBreadcrumbs(on: boolean): void {
  collecting = on;
}

export const breadcrumbsOn = () => collecting;

/** Adds a breadcrumb to the current request's list, or the process-wide one. */
export function addBreadcrumb(
  crumb: Omit<Breadcrumb, 'timestamp'>,
  processWideCrumb = false,
  scope: RequestScope | undefined = currentScope(),
): void {
  if (!collecting) return;
  const full: Breadcrumb = { timestamp: Date.now() / 1000, ...crumb };
  if (processWideCrumb) {
    processWide.push(full);
    if (processWide.length > PROCESS_WIDE_MAX) processWide.shift();
    return;
  }
  if (!scope || scope.quiet) return;
  const list = (scope.crumbs ??= []);
  list.push(full);
  if (list.length > MAX_BREADCRUMBS) list.shift();
}

/** The breadcrumbs for a report of `scope`: its own and recent process-wide ones, in time order. */
export function breadcrumbsFor(scope: RequestScope | undefined): Breadcrumb[] {
  const since = Date.now() / 1000 - PROCESS_WIDE_MS / 1000;
  const recent = processWide.filter((crumb) => crumb.timestamp >= since);
  const all = [...recent, ...(scope?.crumbs ?? [])].sort((a, b) => a.timestamp - b.timestamp);
  return all.slice(-MAX_BREADCRUMBS);
}
