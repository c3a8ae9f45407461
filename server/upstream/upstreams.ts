import { Agent } from 'undici';
import { guardDispatcher, type CallObserver, type GuardedDispatcher } from './guarded-dispatcher';
import { serviceOfPath, type ServiceUpstream } from './service-urls';

// One keep-alive pool per upstream address (docs/decisions/0213): the services of SERVICE_URLS
// each get theirs, behind their own guard (deadlines, refused requests, wait counted); every
// other service shares PLATFORM_URL's. A slow or wedged service then holds only its own
// connections, and its circuit breaker (proxy/breakers.ts, per service) opens alone.
export type Upstream = {
  /** The service name, or `platform` for PLATFORM_URL's pool. */
  readonly name: string;
  /** The scheme, host and port the pool connects to. */
  readonly origin: string;
  /** The base URL's path, prepended to the contract's paths ('' for none). */
  readonly prefix: string;
  readonly dispatcher: GuardedDispatcher;
  /** The deadline of proxied calls to it. */
  readonly timeoutMs: number;
};

export type Upstreams = {
  /** The upstream of a service: its own, or PLATFORM_URL's. */
  forService(service: string): Upstream;
  /** The upstream of a platform path (/api/services/{name}/…, /cms-api/…, else PLATFORM_URL). */
  forPath(path: string): Upstream;
  readonly all: readonly Upstream[];
  /** The longest any call has waited for a connection, over every pool. */
  oldestWaitMs(): number;
  close(): Promise<void>;
};

export type UpstreamSettings = {
  platformUrl: string;
  serviceUrls: Record<string, ServiceUpstream>;
  connectTimeoutMs: number;
  proxyTimeoutMs: number;
  /** The pool size of an upstream that sets none. */
  connections?: number;
};

const DEFAULT_CONNECTIONS = 128;

export function createUpstreams(settings: UpstreamSettings, observer?: CallObserver): Upstreams {
  const open = (name: string, base: ServiceUpstream): Upstream => {
    const url = new URL(base.url);
    const timeoutMs = base.timeoutMs ?? settings.proxyTimeoutMs;
    const pool = new Agent({
      connect: { timeout: settings.connectTimeoutMs },
      keepAliveTimeout: 10_000,
      connections: base.connections ?? settings.connections ?? DEFAULT_CONNECTIONS,
      pipelining: 1,
    });
    const prefix = url.pathname === '/' ? '' : url.pathname.replace(/\/+$/, '');
    // Calls that set no headersTimeout of their own get the proxy's deadline.
    const deadline = settings.connectTimeoutMs + timeoutMs;
    const dispatcher = guardDispatcher(pool, deadline, observer, prefix);
    return {
      name,
      origin: url.origin,
      prefix,
      dispatcher,
      timeoutMs,
    };
  };

  const platform = open('platform', { url: settings.platformUrl });
  const byService = new Map<string, Upstream>();
  for (const [service, base] of Object.entries(settings.serviceUrls))
    byService.set(service, open(service, base));
  const all = [platform, ...byService.values()];

  const forService = (service: string) => byService.get(service) ?? platform;
  return {
    forService,
    forPath(path) {
      if (byService.size === 0) return platform;
      const service = serviceOfPath(path);
      return service === null ? platform : forService(service);
    },
    all,
    oldestWaitMs: () => Math.max(...all.map((upstream) => upstream.dispatcher.oldestWaitMs())),
    close: async () => {
      await Promise.all(all.map((upstream) => upstream.dispatcher.close()));
    },
  };
}
