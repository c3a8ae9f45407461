import FindMyWay from 'find-my-way';
import { upstreamOperations } from '../../shared/upstream/contract';

// The route template of a platform call's path, a bounded label for metrics, a span's
// `url.template` and a report's fingerprint (docs/decisions/0304): the template of the upstream
// contract's operation the path matches (shared/upstream/, the source of
// docs/api/upstream.openapi.json), its parameters as the contract names them:
// `/api/services/booking-ms/api/v1/bookings/cart/tenant/fresh` ->
// `/api/services/booking-ms/api/v1/bookings/cart/tenant/:tenantId`. Any other path is `other`:
// the label values are the contract's paths, whatever the traffic (templates learned from the
// traffic let junk paths take every place, ADR 0252 as first written). Matched by Fastify's own
// router (a radix tree), by path alone: the method is a label or attribute of its own.
export const UNKNOWN_ROUTE = 'other';

/** The service of a platform path: `cms` for `/cms-api/`, the name in `/api/services/{name}/`. */
export function serviceOf(path: string): string {
  if (path.startsWith('/cms-api/')) return 'cms';
  const match = /^\/api\/services\/([a-z0-9-]{1,40})\//.exec(path);
  return match ? match[1]! : 'other';
}

/** `/orders/{id}` (OpenAPI) -> `/orders/:id` (the router's and the platform's spelling). */
export const templateOf = (openApiPath: string) => openApiPath.replace(/\{(\w+)\}/g, ':$1');

const router = FindMyWay({ querystringParser: () => ({}) });
for (const path of new Set(upstreamOperations.map((op) => op.path))) {
  const template = templateOf(path);
  router.on('GET', template, () => {}, { template });
}

// Matching costs ~0.5 µs a call (a fresh path string; ~0.15 µs from this memo), and this runs on
// every platform call (ADR 0250's cost): the paths last seen are remembered, at most MEMO of at
// most MEMO_PATH characters (a proxied path may be 8 KB), the memo emptied when full, so junk
// paths cost time and at most ~0.5 MB.
const MEMO = 2_000;
const MEMO_PATH = 256;
const memo = new Map<string, string>();

/** The contract's template of `path` (its query ignored), or `other` for a path it does not know. */
export function routeTemplate(path: string): string {
  const q = path.indexOf('?');
  const pathname = q === -1 ? path : path.slice(0, q);
  const known = memo.get(pathname);
  if (known !== undefined) return known;
  const template = match(pathname);
  if (pathname.length > MEMO_PATH) return template;
  if (memo.size >= MEMO) memo.clear();
  memo.set(pathname, template);
  return template;
}

function match(pathname: string): string {
  // The router lets a parameter be empty (`/orders/` or `/orders//cancel`); the contract's are not.
  if (pathname.endsWith('/') || pathname.includes('//')) return UNKNOWN_ROUTE;
  const found = router.find('GET', pathname);
  return found ? (found.store as { template: string }).template : UNKNOWN_ROUTE;
}
