import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { IncomingMessage } from 'node:http';
import { createCid, isCid } from '../../shared/cid';

// Every request gets one correlation id (Fastify's request id, so every log line of the request
// carries it as "cid") and the shop origin it is addressed to.
// - Pages get a fresh CID per load; API calls keep the browser's X-Correlation-ID when it is
//   well formed (it is the page's CID) and get a fresh one otherwise.
// - The shop origin comes from the Host header (X-Forwarded-Host only from TRUST_PROXY peers, which
//   Fastify's trustProxy enforces), never from an untrusted forwarded header.
declare module 'fastify' {
  interface FastifyRequest {
    cid: string;
    shopOrigin: string;
  }
}

const KEEPS_CID = /^\/(api|auth)\/|\.data(\?|$)/;

/** genReqId: the request's CID. */
export function requestCid(req: Pick<IncomingMessage, 'headers' | 'url'>): string {
  const sent = req.headers['x-correlation-id'];
  return KEEPS_CID.test(req.url ?? '') && isCid(sent) ? sent : createCid();
}

const HOST = /^[a-z0-9.-]+(:\d{1,5})?$/i;

export function shopOriginOf(request: Pick<FastifyRequest, 'host' | 'protocol'>): string {
  const host = HOST.test(request.host) ? request.host.toLowerCase() : 'invalid.host';
  return `${request.protocol}://${host}`;
}

export const requestContextPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('cid', '');
    app.decorateRequest('shopOrigin', '');
    app.addHook('onRequest', async (request, reply) => {
      request.cid = request.id;
      request.shopOrigin = shopOriginOf(request);
      reply.header('x-correlation-id', request.cid);
    });
  },
  { name: 'request-context' },
);
