import { z } from 'zod';

// Where each upstream service lives (issue #26 item 4, docs/decisions/0213). A real platform runs
// uaa, booking and the catalogue as separate services at separate addresses: SERVICE_URLS maps a
// service name (as in /api/services/{name}/, plus `cms-api`) to its base URL, which takes the
// place of PLATFORM_URL for that service's calls (the paths stay the contract's). A service not in
// it falls back to PLATFORM_URL. PROXY_SERVICES is the allow-list of proxied services.

/** The services the browser may reach through /api/services/{service}/* unless configured. */
export const DEFAULT_PROXIED_SERVICES = [
  'uaa',
  'booking-ms',
  'catalogue',
  'orders',
  'shopping-lists',
  'smart-carts',
  'profile',
] as const;

/** The CMS context and content calls (/cms-api/*): an upstream of its own, never proxied. */
export const CMS_SERVICE = 'cms-api';

/**
 * Services of the upstream contract that only the pages call, server side, and the browser never
 * reaches (not proxied by default): /blink-test's reports. SERVICE_URLS may place them too.
 */
export const PAGE_ONLY_SERVICES = ['diagnostics'] as const;

export type ServiceUpstream = {
  /** The base URL without a trailing slash: origin plus an optional path prefix. */
  url: string;
  /** The deadline of this service's proxied calls, if not PROXY_TIMEOUT_MS. */
  timeoutMs?: number;
  /** The size of this service's connection pool, if not the default. */
  connections?: number;
};

const NAME = /^[a-z0-9][a-z0-9-]{0,39}$/;

const upstreamUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
  .refine((u) => !u.includes('?') && !u.includes('#'), 'must have no query or fragment')
  .transform((u) => u.replace(/\/+$/, ''));

// A bare URL is short for { url }.
const serviceUpstream = z.preprocess(
  (value) => (typeof value === 'string' ? { url: value } : value),
  z
    .object({
      url: upstreamUrl,
      timeoutMs: z.number().int().positive().max(600_000).optional(),
      connections: z.number().int().min(1).max(1024).optional(),
    })
    .strict(),
);

/** SERVICE_URLS: a JSON object of service name → base URL (or { url, timeoutMs, connections }). */
export const serviceUrls = z
  .string()
  .transform((value, ctx) => {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON object of service name to URL' });
      return z.NEVER;
    }
  })
  .pipe(z.record(z.string().regex(NAME, 'must be a service name'), serviceUpstream));

/** PROXY_SERVICES: a comma-separated list of service names. */
export const serviceList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(z.string().regex(NAME, 'must be lowercase service names separated by commas'))
      .min(1, 'must name at least one service'),
  );

/**
 * Each name of SERVICE_URLS that is neither a proxied service, the CMS nor a service the pages
 * call: one problem each.
 */
export function unknownServiceProblems(
  urls: Record<string, ServiceUpstream>,
  proxied: readonly string[],
): string[] {
  const known = new Set([...proxied, CMS_SERVICE, ...PAGE_ONLY_SERVICES]);
  return Object.keys(urls)
    .filter((name) => !known.has(name))
    .map(
      (name) =>
        `SERVICE_URLS.${name}: unknown service (known: ${[...known].join(', ')}; PROXY_SERVICES adds more)`,
    );
}

/** The service whose upstream serves a platform path: /api/services/{name}/…, /cms-api/…. */
export function serviceOfPath(path: string): string | null {
  if (path.startsWith('/api/services/')) {
    const end = path.indexOf('/', 14);
    return end === -1 ? null : path.slice(14, end);
  }
  if (path.startsWith('/cms-api/') || path === '/cms-api') return CMS_SERVICE;
  return null;
}
