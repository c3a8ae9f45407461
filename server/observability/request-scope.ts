import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import { parseTraceparent, passedTracestate } from '../../shared/tracing';
import { newTraceIdPart, type RequestScope } from './scope';
import { openRequestSpan } from './tracing';
import { TUNNEL_PATH } from './tunnel';

/** The host name of a shop origin (`http://shop.localhost:3000` -> `shop.localhost`), no URL parse. */
export function hostnameOf(origin: string): string {
  const host = origin.slice(origin.indexOf('//') + 2);
  const port = host.lastIndexOf(':');
  return port === -1 ? host : host.slice(0, port);
}

// The tenant id of each shop host, learned from the page contexts (the CMS context names the
// tenant): a report's `tenant` tag is the tenant id on every event (issue #28 item 2), also for a
// proxied call, which loads no context. Bounded: hosts are at most the shops of the site.
const tenantOfHost = new LRUCache<string, string>({ max: 1_000 });

/** Remembers the tenant id a request of `host` found (its scope's `tenant`, once known). */
export function learnTenant(scope: RequestScope): void {
  if (scope.tenant && scope.shop && tenantOfHost.get(scope.shop) !== scope.tenant)
    tenantOfHost.set(scope.shop, scope.tenant);
}

/**
 * Whether a request's reports may need its visitor: every request's when the gateway reports its
 * failures, and a browser's report always (./tunnel.ts names the visitor the gateway knows).
 */
export function namesVisitor(app: FastifyInstance, routeId: string): boolean {
  return app.reporter.enabled || routeId === TUNNEL_PATH;
}

/** The visitor's token cookies, as far as a report needs them (who was it). */
export type ScopeTokens = { accessToken: string | null; refreshToken: string | null };

/** The scope of one request; `tokens` only matter to a report (who was it). */
export function requestScope(
  app: FastifyInstance,
  request: {
    cid: string;
    shopOrigin: string;
    traceparent: unknown;
    tracestate?: unknown;
    method?: string;
    routeId: string;
    tokens: ScopeTokens;
    /** When the request began (epoch ms), for a scope made as it is answered; else now. */
    startTime?: number;
  },
): RequestScope {
  const { cid, shopOrigin } = request;
  const incoming = parseTraceparent(request.traceparent);
  // Probes (/healthz, /readyz) have no shop origin.
  const shop = shopOrigin ? hostnameOf(shopOrigin) : '';
  const scope: RequestScope = {
    cid,
    traceId: incoming ? incoming.traceId : newTraceIdPart(16),
    sampled: incoming ? incoming.flags === 1 : true,
    // A tracestate belongs to the trace its traceparent names: none, or an invalid one, and the
    // trace begins here, without the caller's vendors' state (W3C Trace Context, 3.3.1).
    traceState: incoming ? passedTracestate(request.tracestate) : undefined,
    shop,
    tenant: (shop && tenantOfHost.get(shop)) || '',
    routeId: request.routeId,
  };
  openRequestSpan(scope, request.method ?? 'GET', incoming, request.startTime);
  const { accessToken, refreshToken } = request.tokens;
  if (namesVisitor(app, request.routeId) && accessToken && refreshToken) {
    // Only a report needs it: who was it, for a proxied call that failed or a browser's report.
    scope.lookupUser = async () => {
      const result = await app.uaa.account({ cid, shopOrigin }, { accessToken, refreshToken });
      if (result.kind !== 'ok' || result.account.id === null || result.account.id === undefined)
        return null;
      const { account } = result;
      return { id: String(account.id), login: account.login ?? null, email: account.email ?? null };
    };
  }
  return scope;
}
