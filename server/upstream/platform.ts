import { createKnownNames, type KnownNames } from '../cache/known-names';
import {
  createSubrequestCache,
  type Preset,
  type SubrequestCache,
} from '../cache/subrequest-cache';
import type { Config } from '../config';
import type { CallObserver } from './guarded-dispatcher';
import { createUpstreams, type Upstreams } from './upstreams';

// The upstream services, shared by the page-context calls, route data and the proxy: a keep-alive
// pool per upstream address (./upstreams.ts; SERVICE_URLS, docs/decisions/0213), each behind the
// guard of ./guarded-dispatcher (refused requests never reach the pool, every call has a
// deadline). Headers every product call carries (specification section 7, brief "Contracts").
// Public platform data is cached in front of it (ADR 0153; SUBREQUEST_CACHE_MB=0 turns it off);
// with early heads on, the products and brands its answers name are remembered (ADR 0275).
export type Platform = {
  upstreams: Upstreams;
  cache?: SubrequestCache;
  names?: KnownNames;
};

/** `observer`: the watch of every call (the gateway's is observability/upstream-watch.ts). */
export function createPlatform(
  config: Config,
  observer?: CallObserver,
  durations?: Preset,
): Platform {
  const upstreams = createUpstreams(
    {
      platformUrl: config.platformUrl,
      serviceUrls: config.serviceUrls,
      connectTimeoutMs: config.timeouts.connect,
      proxyTimeoutMs: config.timeouts.proxy,
    },
    observer,
  );
  const cache =
    config.subrequestCacheMb > 0
      ? createSubrequestCache({ maxBytes: config.subrequestCacheMb * 1024 * 1024, durations })
      : undefined;
  const names = config.earlyHead ? createKnownNames() : undefined;
  return { upstreams, cache, names };
}

export const CLIENT_NAME = 'cms-website';

export function productHeaders(cid: string, shopOrigin: string): Record<string, string> {
  return { 'x-correlation-id': cid, 'x-domain-origin': shopOrigin, 'x-client-name': CLIENT_NAME };
}
