import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { IncomingMessage } from 'node:http';
import { createCid, isCid } from '../../shared/cid';
import { jsonError } from '../errors/json-error';
import { handoverOf } from '../proxy/handover';
import { hostHeaderCount, hostProblem, routePathOf } from '../request/target';

// Every request gets one correlation id (Fastify's request id, so every log line of the request
// carries it as "cid") and the shop origin it is addressed to.
// - Pages get a fresh CID per load; API calls keep the browser's X-Correlation-ID when it is
//   well formed (it is the page's CID) and get a fresh one otherwise.
// - The shop origin comes from the Host header (X-Forwarded-Host only from TRUST_PROXY peers, which
//   Fastify's trustProxy enforces), never from an untrusted forwarded header. A malformed Host
//   (bad port, two Host headers) is a 400 before anything else runs (issue #12 item 6).
// - `routePath` is the path the router matches (decoded): path rules use it (issue #12 item 3).
declare module 'fastify' {
  interface FastifyRequest {
    cid: string;
    shopOrigin: string;
    routePath: string;
  }
}

const PROBES = new Set(['/healthz', '/readyz']);

const KEEPS_CID = /^\/(api|auth)\/|\.data(\?|$)/;

/** genReqId: the request's CID. */
export function requestCid(req: IncomingMessage): string {
  // A proxied read the fast path began keeps the CID its upstream call carried (ADR 0207).
  const handed = handoverOf(req);
  if (handed) return handed.cid;
  const sent = req.headers['x-correlation-id'];
  return KEEPS_CID.test(req.url ?? '') && isCid(sent) ? sent : createCid();
}

export function shopOriginOf(request: Pick<FastifyRequest, 'host' | 'protocol'>): string {
  return `${request.protocol}://${request.host.toLowerCase()}`;
}

export const requestContextPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('cid', '');
    app.decorateRequest('shopOrigin', '');
    app.decorateRequest('routePath', '');
    // Callback-style hooks here and in the other per-request plugins: an async hook costs a promise
    // per request, on every request (docs/decisions/0158).
    app.addHook('onRequest', (request, reply, done) => {
      request.cid = request.id;
      request.routePath = routePathOf(request.url) ?? request.url;
      reply.header('x-correlation-id', request.cid);
      const problem =
        hostHeaderCount(request.raw.rawHeaders) > 1
          ? 'More than one Host header'
          : hostProblem(request.host);
      if (!problem) request.shopOrigin = shopOriginOf(request);
      else if (PROBES.has(request.url)) request.shopOrigin = `${request.protocol}://invalid.host`;
      else return void jsonError(reply, 400, 'bad_host', problem);
      done();
    });
  },
  { name: 'request-context' },
);
