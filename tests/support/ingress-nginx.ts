import type { Manifest } from './k8s-manifests';

// Which of deploy/k8s's Ingresses ingress-nginx picks for a request, as its controller writes them
// into nginx.conf (internal/ingress/controller/controller.go, docs/decisions/0349), for the
// manifest tests; no controller runs here:
// - one server per rule host; an Ingress without rules (spec.defaultBackend) configures the
//   catch-all server only, and a tls entry's certificate serves the hosts it names, no other;
// - when one Ingress of a host sets use-regex, every path of that host is a regex location
//   `location ~* "^<path>"` (case-insensitive), tried longest path first, on nginx's decoded path;
// - an Ingress's annotations apply to its own paths only; retries default to the controller's
//   proxy-next-upstream-tries, 3.
export type IngressRule = {
  host?: string;
  http: { paths: { path: string; pathType: string; backend: unknown }[] };
};
export type IngressSpec = {
  defaultBackend?: unknown;
  tls?: { hosts?: string[]; secretName?: string }[];
  rules?: IngressRule[];
};

const ANNOTATION = 'nginx.ingress.kubernetes.io/';
export const DEFAULT_TRIES = 3;

export const ingressesOf = (manifests: Manifest[]) => manifests.filter((m) => m.kind === 'Ingress');
export const specOf = (ingress: Manifest) => (ingress.spec ?? {}) as IngressSpec;
export const annotationOf = (ingress: Manifest, name: string) =>
  ingress.metadata.annotations?.[`${ANNOTATION}${name}`];

type Location = { ingress: Manifest; path: string };

/** The Ingress whose location serves `target` (path and query) on `host`, or none. */
export function servingIngress(
  manifests: Manifest[],
  host: string,
  target: string,
): Manifest | undefined {
  const locations: Location[] = ingressesOf(manifests).flatMap((ingress) =>
    (specOf(ingress).rules ?? [])
      .filter((rule) => rule.host === host)
      .flatMap((rule) => rule.http.paths.map(({ path }) => ({ ingress, path }))),
  );
  const regex = locations.some(({ ingress }) => annotationOf(ingress, 'use-regex') === 'true');
  const path = decodeURIComponent(new URL(target, 'https://host.invalid').pathname);
  const matches = ({ path: pattern }: Location) =>
    regex
      ? new RegExp(`^${pattern}`, 'i').test(path)
      : path === pattern || path.startsWith(pattern.endsWith('/') ? pattern : `${pattern}/`);
  return [...locations].sort((a, b) => b.path.length - a.path.length).find(matches)?.ingress;
}

/** How many replicas ingress-nginx may try for one request the Ingress serves. */
export const triesOf = (ingress: Manifest) =>
  annotationOf(ingress, 'proxy-next-upstream') === 'off'
    ? 1
    : Number(annotationOf(ingress, 'proxy-next-upstream-tries') ?? DEFAULT_TRIES);
