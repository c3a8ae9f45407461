import { util } from 'undici';
import type { HeaderPairs } from '../upstream/header-pairs';
import { connectionNamed, crossesToBrowser, PRIVATE_POLICY, isPublicPicture } from './headers';

/**
 * The headers of an answer the read fast path writes itself (./stream-exchange.ts), straight from
 * undici's raw list: what `downstreamHeaders`, `withPublicPolicy` and the gateway's own headers
 * give together, built in one pass into the flat list `writeHead` takes. The three steps, each
 * making an object of its own, cost ~3 % of a proxied read's CPU (ADR 0201).
 * - `own`: the gateway's headers so far (security headers, CID); one the upstream sets itself is
 *   left out, as on Fastify's path.
 * - `credentialed`: the call carried the visitor's token (a private policy unless it is a public
 *   picture); `cachePolicy`: a public answer's policy when the upstream sent none.
 * Values are taken as latin1, the bytes the upstream sent, which Node writes back unchanged.
 */
export function directAnswerHeaders(
  raw: readonly Buffer[],
  own: HeaderPairs,
  credentialed: boolean,
  cachePolicy: string | null | undefined,
): HeaderPairs {
  // Names the Connection header lists are hop-by-hop too (rare: looked for by length first).
  let connection: string | undefined;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    if (raw[i]!.length !== 10 || util.headerNameToString(raw[i]!) !== 'connection') continue;
    const value = raw[i + 1]!.toString('latin1');
    connection = connection === undefined ? value : `${connection},${value}`;
  }
  const named = connectionNamed(connection);
  const upstream: HeaderPairs = [];
  let type = '';
  let policy: string | undefined;
  let vary = false;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = util.headerNameToString(raw[i]!);
    if (!crossesToBrowser(name) || named.has(name)) continue;
    const value = raw[i + 1]!.toString('latin1');
    if (name === 'content-type') type = value;
    else if (name === 'vary') vary = true;
    else if (name === 'cache-control') policy = policy === undefined ? value : `${policy},${value}`;
    upstream.push(name, value);
  }
  if (credentialed && !isPublicPicture(type, policy, vary)) setPolicy(upstream, PRIVATE_POLICY);
  else if (policy === undefined && cachePolicy) upstream.push('cache-control', cachePolicy);
  return withOwn(own, upstream);
}

/** Sets the answer's cache policy: one Cache-Control header, with `value`. */
function setPolicy(pairs: HeaderPairs, value: string): void {
  let set = false;
  for (let i = 0; i < pairs.length; i += 2) {
    if (pairs[i] !== 'cache-control') continue;
    if (set) {
      pairs.splice(i, 2);
      i -= 2;
    } else {
      pairs[i + 1] = value;
      set = true;
    }
  }
  if (!set) pairs.push('cache-control', value);
}

/** The gateway's headers, but those the upstream's answer sets itself, then the upstream's. */
function withOwn(own: HeaderPairs, upstream: HeaderPairs): HeaderPairs {
  const out: HeaderPairs = [];
  for (let i = 0; i < own.length; i += 2) {
    if (!hasName(upstream, own[i] as string)) out.push(own[i]!, own[i + 1]!);
  }
  for (let i = 0; i < upstream.length; i++) out.push(upstream[i]!);
  return out;
}

function hasName(pairs: HeaderPairs, name: string): boolean {
  for (let i = 0; i < pairs.length; i += 2) if (pairs[i] === name) return true;
  return false;
}
