import proxyAddr from '@fastify/proxy-addr';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';

// Who may see what the gateway's caches did for a request (issue #27 item 8, ADR 0246):
// `X-Page-Template: hit` or `X-Subrequest-Cache: miss=0` tell whoever reads them that someone
// else loaded that URL or searched that term a moment ago. They are for the operators: a caller
// that is one of the configured proxies itself (TRUST_PROXY: the request's client address is the
// proxy's, no one's behind it), or one carrying the purge token (`Authorization: Bearer …`, as
// POST /internal/cache/purge). Everyone else gets none of them.
export const CACHE_STATUS_HEADERS = [
  'x-page-cache',
  'x-page-template',
  'x-subrequest-cache',
  'x-page-head',
] as const;

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether a request's caller may see cache-status headers. */
export function cacheStatusReader(options: {
  trustProxy: readonly string[];
  cachePurgeToken?: string;
}): (request: FastifyRequest) => boolean {
  const proxy = options.trustProxy.length > 0 ? proxyAddr.compile([...options.trustProxy]) : null;
  const token = options.cachePurgeToken ? digest(`Bearer ${options.cachePurgeToken}`) : null;
  return (request) => {
    if (proxy && request.ip && proxy(request.ip, 0)) return true;
    const sent = request.headers.authorization;
    return token !== null && sent !== undefined && timingSafeEqual(digest(sent), token);
  };
}

/** An onSend hook: the cache-status headers leave only for a caller who may read them. */
export function hideCacheStatus(mayRead: (request: FastifyRequest) => boolean) {
  return (
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (error: null, payload: unknown) => void,
  ): void => {
    if (!mayRead(request)) for (const name of CACHE_STATUS_HEADERS) reply.removeHeader(name);
    done(null, payload);
  };
}
