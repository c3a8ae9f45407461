import proxyAddr from '@fastify/proxy-addr';
import type { IncomingHttpHeaders } from 'node:http';

// Whether a request came through a proxy the gateway does not trust: it carries X-Forwarded-*
// headers but its TCP peer is not in TRUST_PROXY, so they are ignored and the shop origin is
// taken from Host and the socket (http). Behind a TLS proxy that is the usual reason every POST
// fails the Origin check (https://shop vs http://shop); the refusal's log line says so
// (issue #25 item 6).
const FORWARDED = ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'forwarded'];

export function untrustedProxyCheck(trustProxy: readonly string[]) {
  const trust = trustProxy.length > 0 ? proxyAddr.compile([...trustProxy]) : null;
  return (peer: string | undefined, headers: IncomingHttpHeaders): boolean =>
    FORWARDED.some((name) => headers[name] !== undefined) &&
    !(trust && peer !== undefined && trust(peer, 0));
}

/** The hint the Origin check's refusal logs when the request came through an untrusted proxy. */
export const TRUST_PROXY_HINT =
  'the request came through a proxy that is not in TRUST_PROXY (X-Forwarded-* ignored, so the shop origin is taken from Host over http); list the proxy in TRUST_PROXY';
