// The route template of a platform call's path, a bounded label for metrics and a span attribute:
// the query dropped, each segment that names one thing (it holds a digit, a percent-escape or
// anything outside [a-z-], or is over 32 characters; a version such as `v1` stays) replaced by `:id`:
// `/api/services/orders/api/v1/orders/1042/items` -> `/api/services/orders/api/v1/orders/:id/items`.
// Slugs of plain words (CMS pages) stay, so at most MAX_PER_SERVICE templates per service are
// kept; later ones are `other` (a label set stays bounded whatever the paths).
const MAX_PER_SERVICE = 40;
const PLAIN = /^(?:[a-z][a-z-]{0,31}|v\d{1,2})$/i;

const known = new Map<string, Set<string>>();
const byPath = new Map<string, string>();

function templateOf(pathname: string): string {
  let out = '';
  for (const segment of pathname.split('/')) {
    if (segment === '') continue;
    out += PLAIN.test(segment) ? `/${segment}` : '/:id';
  }
  return out || '/';
}

/** The bounded template of `path` for `service` (`other` past the service's budget). */
export function routeTemplate(service: string, path: string): string {
  const q = path.indexOf('?');
  const pathname = q === -1 ? path : path.slice(0, q);
  const cached = byPath.get(pathname);
  if (cached !== undefined) return cached;
  const template = templateOf(pathname);
  let templates = known.get(service);
  if (!templates) known.set(service, (templates = new Set()));
  if (!templates.has(template) && templates.size >= MAX_PER_SERVICE) return 'other';
  templates.add(template);
  // Paths with ids are many: only a bounded number are remembered.
  if (byPath.size < 5_000) byPath.set(pathname, template);
  return template;
}
