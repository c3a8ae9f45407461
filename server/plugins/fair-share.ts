import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { addressGroup } from '../../shared/address-group';
import type { Config } from '../config';
import { jsonError } from '../errors/json-error';
import { FairShare } from '../limits/fair-share';

// The gateway's fair share under load (issue #27 item 5, ADR 0249): one place per proxied call
// (taken by the proxy's gate, proxy/fair-share-gate.ts, for both doors) and one per page render
// (taken here, for the page route), per client address group and in all. /readyz is 503 while
// either is saturated (plugins/health.ts). A page's place is taken once its body has arrived
// (preHandler, ADR 0348): a visitor's upload, however slow, is the visitor's wait, and 48 stalled
// form posts from two addresses held every render place and made the gateway unready.
declare module 'fastify' {
  interface FastifyInstance {
    fairShare: { calls: FairShare; renders: FairShare; saturated(): boolean };
  }
}

/** The page route of plugins/render.ts: what a render place is taken for. */
const PAGE_ROUTE = '/*';

export const fairSharePlugin = fp(
  async (app: FastifyInstance, opts: { config: Config }) => {
    const { calls, renders, queueMs } = opts.config.fairShare;
    const share = {
      calls: new FairShare('proxied calls', { ...calls, queueMs }),
      renders: new FairShare('page requests', { ...renders, queueMs }),
      saturated: () => share.calls.saturated() || share.renders.saturated(),
    };
    app.decorate('fairShare', share);
    app.addHook('preHandler', (request, reply, done) => {
      if (request.routeOptions.url !== PAGE_ROUTE) return done();
      // Gone while its body arrived: its 'close' has fired, so a place taken now would never be
      // given back, and a render without a place would pass the share. There is no one to answer.
      if (reply.raw.closed) return;
      let admitted = false;
      const cancel = share.renders.acquire(addressGroup(request.ip), (admission, shed) => {
        if (admission) {
          admitted = true;
          reply.raw.once('close', admission.release);
          return done();
        }
        if (reply.raw.destroyed) return;
        reply.header('retry-after', String(shed!.retryAfterSeconds));
        void jsonError(reply, shed!.status, shed!.code, shed!.message);
      });
      // The visitor left while waiting: the place is not wanted any more.
      if (!admitted) reply.raw.once('close', () => void (admitted || cancel()));
    });
  },
  { name: 'fair-share', dependencies: ['request-context'] },
);
