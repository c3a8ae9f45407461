import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Config } from '../config';
import { countRequest } from '../observability/metrics';
import { requestScope } from '../observability/request-scope';
import { runInScope } from '../observability/scope';
import { closeRequestSpan } from '../observability/tracing';
import { requestCid, shopOriginOf } from '../request/identity';
import { publicPortCheck } from '../request/public-port';
import { hostHeaderCount, hostProblem, targetProblem } from '../request/target';
import { ACCESS_COOKIE, PROOF_COOKIE, REFRESH_COOKIE, usable } from '../session/cookies';
import { headerPairsOf } from '../upstream/header-pairs';
import { clientAddressOf as clientAddress } from './client-address';
import type { ProxyCall } from './proxy-call';
import type { ProxyTarget, TargetRefusal } from './targets';

// The proxy's front door (docs/decisions/0210): a proxied read (GET or HEAD without a body) is
// handed to the engine before Fastify's routing, whose per-request work (request and reply
// objects, the onRequest hooks, cookie parsing, a child logger) is a large part of a proxied
// read's CPU and changes nothing of its answer (bench/results.md). What the hooks would do for such a read is done here with the same
// rule functions: the CID, the Host check, the shop origin, the security headers, the scope,
// the request line and its metrics. Anything else (a write, a malformed Host or one on an unknown
// port, a refused target, shutting down) goes through Fastify to the proxy route, which hands it
// to the same engine.
export type FrontDoorDeps = {
  app: FastifyInstance;
  config: Config;
  engine: (call: ProxyCall) => void;
  targetOf: (url: string) => ProxyTarget | TargetRefusal;
};

const PREFIX = '/api/services/';

/** How many calls came in by the front door (tests tell the doors apart by it). */
export const frontDoorCount = { served: 0 };

/** Takes `req` when it is a plain proxied read; false: Fastify must handle it. */
export function proxyFrontDoor({ app, config, engine, targetOf }: FrontDoorDeps) {
  const clientAddressOf = clientAddress(config.trustProxy);
  const securityPairs = headerPairsOf(app.securityHeaders);
  const writeLine = app.writeRequestLine;
  const portKnown = publicPortCheck(config.publicPorts);

  return function admit(req: IncomingMessage, res: ServerResponse): boolean {
    const method = req.method;
    if (method !== 'GET' && method !== 'HEAD') return false;
    const url = req.url ?? '';
    if (!url.startsWith(PREFIX) || url.includes('#') || targetProblem(url)) return false;
    if (app.shuttingDown || !app.server.listening) return false;
    const headers = req.headers;
    const length = headers['content-length'];
    if (headers['transfer-encoding'] !== undefined || (length && length !== '0')) return false;
    // Host, protocol and address as Fastify takes them (X-Forwarded-* from TRUST_PROXY peers).
    const client = clientAddressOf(req);
    const { host, protocol } = client;
    if (protocol !== 'http' && protocol !== 'https') return false;
    if (hostProblem(host) || hostHeaderCount(req.rawHeaders) !== 1) return false;
    // A port the shop is not at: Fastify's hook answers the 421 (docs/decisions/0272).
    if (!portKnown(host!, protocol, req.socket.localPort)) return false;
    const target = targetOf(url);
    // A GET that changes state has the CSRF rule of a write: Fastify's hook checks it.
    if (!target.ok || target.changesState) return false;

    const started = performance.now();
    const cookies = headers.cookie ? app.parseCookie(headers.cookie) : {};
    const tokens = {
      accessToken: usable(cookies[ACCESS_COOKIE]),
      refreshToken: usable(cookies[REFRESH_COOKIE]),
    };
    const cid = requestCid(req);
    const shopOrigin = shopOriginOf({ protocol, host: host! });
    const scope = requestScope(app, {
      cid,
      shopOrigin,
      traceparent: headers.traceparent,
      tracestate: headers.tracestate,
      method,
      routeId: 'proxy',
      tokens,
    });
    frontDoorCount.served += 1;
    const left = app.enterFlight();
    let log: FastifyInstance['log'] | null = null;
    const call: ProxyCall = {
      method,
      headers,
      body: null,
      res,
      target,
      cid,
      shopOrigin,
      scope,
      tokens,
      address: client.ip,
      proof: cookies[PROOF_COOKIE],
      own: [...securityPairs, 'x-correlation-id', cid],
      log: () => (log ??= app.log.child({ cid })),
      // As Fastify's onResponse hooks do: the metrics and the request's line once it closed.
      closed: () => {
        left();
        const statusCode = res.headersSent ? res.statusCode : 499;
        const elapsedMs = performance.now() - started;
        countRequest('proxy', method, statusCode, elapsedMs / 1000);
        closeRequestSpan(scope, statusCode);
        writeLine({
          cid,
          method,
          url,
          statusCode,
          responseTime: elapsedMs,
          remoteAddress: client.ip,
          pageCid: headers['x-page-cid'],
          scope,
        });
      },
    };
    runInScope(scope, () => engine(call));
    return true;
  };
}
