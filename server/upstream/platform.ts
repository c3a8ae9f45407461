import { Agent } from 'undici';
import { createSubrequestCache, type SubrequestCache } from '../cache/subrequest-cache';
import type { Config } from '../config';
import { guardDispatcher, type CallObserver, type GuardedDispatcher } from './guarded-dispatcher';

// One keep-alive connection pool to the platform, shared by the page-context calls, route data
// and the proxy, behind the guard of ./guarded-dispatcher (refused requests never reach the pool,
// every call has a deadline). Headers every product call carries (specification section 7,
// brief "Contracts"). Public platform data is cached in front of it (ADR 0153;
// SUBREQUEST_CACHE_MB=0 turns it off).
export type Platform = {
  baseUrl: string;
  dispatcher: GuardedDispatcher;
  cache?: SubrequestCache;
};

/** `observer`: the watch of every call (the gateway's is observability/upstream-watch.ts). */
export function createPlatform(config: Config, observer?: CallObserver): Platform {
  const pool = new Agent({
    connect: { timeout: config.timeouts.connect },
    keepAliveTimeout: 10_000,
    connections: 128,
    pipelining: 1,
  });
  // Calls that set no headersTimeout of their own get the proxy's.
  const dispatcher = guardDispatcher(
    pool,
    config.timeouts.connect + config.timeouts.proxy,
    observer,
  );
  const cache =
    config.subrequestCacheMb > 0
      ? createSubrequestCache({ maxBytes: config.subrequestCacheMb * 1024 * 1024 })
      : undefined;
  return { baseUrl: config.platformUrl, dispatcher, cache };
}

export const CLIENT_NAME = 'cms-website';

export function productHeaders(cid: string, shopOrigin: string): Record<string, string> {
  return { 'x-correlation-id': cid, 'x-domain-origin': shopOrigin, 'x-client-name': CLIENT_NAME };
}
