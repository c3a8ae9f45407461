import type { FastifyInstance } from 'fastify';
import { traceIdFrom, type RequestScope } from './scope';

/** The host name of a shop origin (`http://shop.localhost:3000` -> `shop.localhost`), no URL parse. */
export function hostnameOf(origin: string): string {
  const host = origin.slice(origin.indexOf('//') + 2);
  const port = host.lastIndexOf(':');
  return port === -1 ? host : host.slice(0, port);
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
    routeId: string;
    tokens: ScopeTokens;
  },
): RequestScope {
  const { cid, shopOrigin } = request;
  const scope: RequestScope = {
    cid,
    traceId: traceIdFrom(request.traceparent),
    // Probes (/healthz, /readyz) have no shop origin.
    tenant: shopOrigin ? hostnameOf(shopOrigin) : '',
    routeId: request.routeId,
  };
  const { accessToken, refreshToken } = request.tokens;
  if (app.reporter.enabled && accessToken && refreshToken) {
    // Only a report needs it: who was it, for a proxied call that failed.
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
