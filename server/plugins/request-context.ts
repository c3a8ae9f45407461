import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonError } from '../errors/json-error';
import { shopOriginOf } from '../request/identity';
import {
  atMostEvery,
  misdirectedMessage,
  misdirectedPortHint,
  publicPortCheck,
} from '../request/public-port';
import { hostHeaderCount, hostProblem, routePathOf, targetProblem } from '../request/target';

// Every request gets one correlation id (Fastify's request id, from ../request/identity.ts's
// requestCid, so every log line of the request carries it as "cid") and the shop origin it is
// addressed to. A malformed Host (bad port, two Host headers) is a 400 before anything else runs
// (issue #12 item 6); a Host on a port the shop is not published at is a 421, as a host that is no
// shop (issue #27 item 12, docs/decisions/0272), and the log says which setting would take the port,
// at most once a minute (ADR 0378). `routePath` is the path the router matches (decoded): path
// rules use it (issue #12 item 3).
declare module 'fastify' {
  interface FastifyRequest {
    cid: string;
    shopOrigin: string;
    routePath: string;
  }
}

const PROBES = new Set(['/healthz', '/readyz']);

export const requestContextPlugin = fp(
  async (app: FastifyInstance, opts: { publicPorts: readonly number[] }) => {
    const portKnown = publicPortCheck(opts.publicPorts);
    const hintDue = atMostEvery(60_000);
    app.decorateRequest('cid', '');
    app.decorateRequest('shopOrigin', '');
    app.decorateRequest('routePath', '');
    // Callback-style hooks here and in the other per-request plugins: an async hook costs a promise
    // per request, on every request (docs/decisions/0158).
    app.addHook('onRequest', (request, reply, done) => {
      request.cid = request.id;
      request.routePath = routePathOf(request.url) ?? request.url;
      reply.header('x-correlation-id', request.cid);
      // An overlong target is a 414 for every route (docs/decisions/0211).
      const tooLong = targetProblem(request.url);
      if (tooLong) return void jsonError(reply, tooLong.status, tooLong.code, tooLong.message);
      const problem =
        hostHeaderCount(request.raw.rawHeaders) > 1
          ? 'More than one Host header'
          : hostProblem(request.host);
      if (!problem) request.shopOrigin = shopOriginOf(request);
      else if (PROBES.has(request.url)) request.shopOrigin = `${request.protocol}://invalid.host`;
      else return void jsonError(reply, 400, 'bad_host', problem);
      // The probes answer whatever port a health check names.
      const localPort = request.socket.localPort;
      if (
        !problem &&
        !PROBES.has(request.url) &&
        !portKnown(request.host, request.protocol, localPort)
      ) {
        if (hintDue())
          request.log.warn(misdirectedPortHint(request.host, localPort, opts.publicPorts));
        return void jsonError(reply, 421, 'misdirected_request', misdirectedMessage(request.host));
      }
      done();
    });
  },
  { name: 'request-context' },
);
