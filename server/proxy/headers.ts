import type { IncomingHttpHeaders } from 'node:http';
import type { HeaderPairs } from '../upstream/header-pairs';
import { productHeaders } from '../upstream/platform';

// Which headers cross the proxy (security checklist: token cookie, spoofed proxy headers, cached
// personal responses; docs/decisions/0025). Upstream gets an allow-list of the browser's headers
// plus the gateway's own; the browser gets the upstream's headers minus cookies, hop-by-hop and
// CORS headers.
export const FORWARDED_TO_UPSTREAM = [
  'accept',
  'accept-encoding',
  'accept-language',
  'content-type',
  'content-length',
  // Placing an order is idempotent with it (docs/decisions/0140).
  'idempotency-key',
  'if-match',
  'if-none-match',
  'if-modified-since',
  'if-unmodified-since',
  'if-range',
  'range',
  'user-agent',
] as const;

export type UpstreamIdentity = { cid: string; shopOrigin: string; accessToken: string | null };

/**
 * The headers of a proxied call to the upstream, as a flat list: the allow-listed ones of the
 * browser's (`incoming`, without those its Connection header names), then the gateway's own, so
 * a client can neither spoof nor strip them (CVE-2026-33805: `Connection: x-correlation-id`). No
 * Host: undici sends the upstream's own.
 */
export function upstreamRequestPairs(
  incoming: IncomingHttpHeaders,
  identity: UpstreamIdentity,
): HeaderPairs {
  const pairs: HeaderPairs = [];
  for (const name of FORWARDED_TO_UPSTREAM) {
    const value = incoming[name];
    if (value !== undefined) pairs.push(name, value);
  }
  const product = productHeaders(identity.cid, identity.shopOrigin);
  for (const name in product) pairs.push(name, product[name]!);
  if (identity.accessToken) pairs.push('authorization', `Bearer ${identity.accessToken}`);
  return pairs;
}

export const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
] as const;
const HOP = new Set<string>(HOP_BY_HOP);
/** Answer headers that are the gateway's alone: only it sets cookies, and the CID is its own. */
export const GATEWAY_OWN_ANSWER_HEADERS = [
  'set-cookie',
  'set-cookie2',
  'x-correlation-id',
] as const;
const OWN = new Set<string>(GATEWAY_OWN_ANSWER_HEADERS);
/** Proxy and CORS headers of the upstream's: the gateway is the browser's only origin. */
export const STRIPPED_ANSWER_PREFIXES = ['proxy-', 'access-control-'] as const;

const NONE: ReadonlySet<string> = new Set();

/** The header names a Connection header lists (hop-by-hop for this hop only). */
export function connectionNamed(connection: string | string[] | undefined): ReadonlySet<string> {
  if (connection === undefined || connection === 'keep-alive' || connection === 'close')
    return NONE;
  return new Set(
    String(connection)
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  );
}

/** The browser's headers minus those its Connection header names (hop-by-hop for this hop). */
export function withoutConnectionNamed(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const named = connectionNamed(headers.connection);
  if (named.size === 0) return headers;
  const kept: IncomingHttpHeaders = {};
  for (const name in headers) if (!named.has(name)) kept[name] = headers[name];
  return kept;
}

/** Whether an upstream answer's header may reach the browser (by its lower-case name). */
export function crossesToBrowser(name: string): boolean {
  if (HOP.has(name) || OWN.has(name)) return false;
  for (const prefix of STRIPPED_ANSWER_PREFIXES) if (name.startsWith(prefix)) return false;
  return true;
}

export const PRIVATE_POLICY = 'private, no-store';

/** Headers the browser may see; `credentialed`: the call carried the visitor's token. */
export function downstreamHeaders(
  upstream: IncomingHttpHeaders,
  credentialed: boolean,
): IncomingHttpHeaders {
  const named = connectionNamed(upstream.connection);
  const headers: Record<string, string | string[]> = {};
  // for-in, not Object.entries: no array of pairs per answer (this runs for every proxied call).
  for (const name in upstream) {
    const value = upstream[name];
    if (value === undefined || !crossesToBrowser(name) || named.has(name)) continue;
    headers[name] = value;
  }
  // A personal answer must not be stored by a browser or shared cache (Next GHSA-g5qg-72qw-gw5v).
  // A picture the upstream marks public is the same for everyone: it keeps its cache policy, or
  // every page view would refetch its pictures (issue #11 item 4, ADR 0155). Not when the answer
  // also sets the renewal's cookies: ./answers.ts makes any such answer private.
  const policy = upstream['cache-control'];
  if (
    credentialed &&
    !isPublicPicture(
      String(upstream['content-type'] ?? ''),
      policy === undefined ? undefined : String(policy),
      upstream.vary !== undefined,
    )
  )
    headers['cache-control'] = PRIVATE_POLICY;
  return headers;
}

/** A picture whose answer is public and the same for everyone (its type, policy, Vary or not). */
export function isPublicPicture(type: string, policy: string | undefined, vary: boolean): boolean {
  return (
    type.startsWith('image/') &&
    policy !== undefined &&
    /(^|,)\s*public\s*(,|$)/i.test(policy) &&
    !/private|no-store/i.test(policy) &&
    !vary
  );
}
