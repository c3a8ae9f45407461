import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { consentBanner, consentPage, withBanner } from '../analytics/banner';
import {
  choiceOf,
  consentCookieValue,
  consentState,
  consentWayBack,
  CONSENT_COOKIE,
  CONSENT_MAX_AGE,
  refererPath,
  returnPath,
} from '../analytics/consent';
import { eventsWithinBudget } from '../analytics/event-budget';
import { joinEvents, MAX_BODY, parseBatch } from '../analytics/events';
import { forwardEvents } from '../analytics/sink';
import type { Config } from '../config';
import type { TenantLookup } from '../page/tenant-lookup';
import { jsonError } from '../errors/json-error';
import { contentSecurityPolicy, createNonce } from '../render/csp';

// Consent and first-party analytics (issue #29 item 3, ADRs 0265-0267): the banner on a first
// visit's pages, POST /consent (the choice, as a cookie, then back), GET /consent (the footer's
// "Privacy choices"), and POST /analytics/events (consented events, checked, joined to the page's
// CID and tenant, forwarded to the sink). The per-address limit is limits/buckets.ts' 'analytics',
// which counts the events forwarded (../analytics/event-budget.ts); the post's own unit is taken
// by the route's onRequest once its Host is known to be a shop's (ADR 0364).
export const EVENTS_PATH = '/analytics/events';
const FORM_LIMIT = 2 * 1024;

const misdirected = (reply: FastifyReply) =>
  jsonError(reply, 421, 'misdirected_request', 'No shop is configured for this address');

const consentOf = (request: FastifyRequest) =>
  consentState(request.cookies[CONSENT_COOKIE], request.headers['sec-gpc']);

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * What a page's response puts first in its <body>, for a document the gateway writes itself (a
     * filled template): the consent banner, or null. Asking commits: the response's onSend hook
     * then leaves the document as it is.
     */
    documentLead(request: FastifyRequest): string | null;
  }
}

export const analyticsPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config; tenantOf: TenantLookup }) => {
    const { config, tenantOf } = opts;
    if (!config.analytics.enabled) {
      app.decorate('documentLead', () => null);
      return;
    }

    // The banner, on the pages of a visitor who has not chosen (and sends no GPC signal). Added
    // to the answer, never to what the page cache or the templates keep. A document the gateway
    // writes itself takes it as it is written (documentLead): a filled template, which spares
    // copying the whole document once more, and the rest of a document whose head went early
    // (ADR 0271), which is never sent in parts through onSend. Any other page gets it in onSend.
    // Each response gets it one way only: whichever asks first.
    const bannerGiven = new WeakSet<FastifyRequest>();
    const wanted = (request: FastifyRequest) =>
      request.method === 'GET' &&
      !request.url.startsWith('/consent') &&
      consentOf(request) === 'unset';
    app.decorate('documentLead', (request: FastifyRequest) => {
      if (bannerGiven.has(request) || !wanted(request)) return null;
      bannerGiven.add(request);
      return consentBanner(returnPath(request.url));
    });
    app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
      if (reply.statusCode !== 200 || bannerGiven.has(request)) return payload;
      // A document in parts (a session's early head) asks documentLead for its rest.
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      if (!String(reply.getHeader('content-type') ?? '').startsWith('text/html')) return payload;
      if (!wanted(request)) return payload;
      bannerGiven.add(request);
      return withBanner(payload, returnPath(request.url));
    });

    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser(
        '*',
        { parseAs: 'string', bodyLimit: MAX_BODY },
        (_request, body, done) => done(null, body),
      );

      scope.get('/consent', async (request, reply) => {
        const query = request.query as Record<string, unknown>;
        const back = returnPath(
          typeof query.return === 'string'
            ? query.return
            : refererPath(request.headers.referer, request.shopOrigin),
        );
        // An HTML page of the shop's origin like the rendered ones, so the same policy (ADR 0005):
        // it runs no script, and with the policy nothing injected into it could run one either.
        return reply
          .header('cache-control', 'no-store')
          .header('content-security-policy', contentSecurityPolicy(createNonce(), false))
          .type('text/html; charset=utf-8')
          .send(consentPage(back, consentOf(request)));
      });

      scope.post('/consent', async (request, reply) => {
        const raw = typeof request.body === 'string' ? request.body : '';
        if (raw.length > FORM_LIMIT)
          return jsonError(reply, 413, 'payload_too_large', 'The consent form is too large');
        const form = new URLSearchParams(raw);
        const measure = choiceOf(form);
        if (measure === null)
          return jsonError(reply, 400, 'bad_request', 'choice must be accept, decline or save');
        reply.setCookie(CONSENT_COOKIE, consentCookieValue(measure), {
          path: '/',
          maxAge: CONSENT_MAX_AGE,
          sameSite: 'lax',
          secure: config.cookieSecure,
          // Read by the page's own script too (whether to load the event sender); no secret.
          httpOnly: false,
          encode: String,
        });
        // Back to the page the choice was made on (../analytics/consent.ts).
        const from = refererPath(request.headers.referer, request.shopOrigin);
        const back = consentWayBack(from, form.get('return'));
        return reply.header('cache-control', 'no-store').redirect(returnPath(back), 303);
      });

      // Before the body is read: a Host that is no shop is refused as its pages are (421, ADR
      // 0126), looked up once when this process does not know the shop, and only then does the
      // post count against its address (ADR 0364: a Host that is no shop spends no shopper's
      // budget; the lookup costs what a page of that Host costs). A spent address: refused unread.
      const admit = async (request: FastifyRequest, reply: FastifyReply) => {
        const scope = request.scope;
        if (scope && !scope.tenant && !tenantOf.noShop(request.shopOrigin))
          scope.tenant = await tenantOf(request.shopOrigin);
        if (tenantOf.noShop(request.shopOrigin)) return misdirected(reply);
        if (await app.limits.refuse('analytics', request, reply)) return reply;
      };

      scope.post(EVENTS_PATH, { onRequest: admit }, async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const parsed = parseBatch(typeof request.body === 'string' ? request.body : '');
        if (!parsed.ok) return jsonError(reply, 400, 'bad_request', parsed.message);
        // The server's own guarantee: without consent (or with GPC) nothing goes anywhere.
        const consent = consentOf(request);
        if (consent !== 'granted')
          return reply.status(202).send({ forwarded: 0, dropped: parsed.batch.events.length });
        const sent = parsed.batch.events.length;
        const fitting = await eventsWithinBudget(sent, () => app.limits.take('analytics', request));
        // The shop's tenant as the tunnel names it: known from a page this process served, else
        // asked for by `admit` (a replica the balancer sent no page of this shop yet), never the
        // browser's; '' when that lookup failed.
        const scope = request.scope;
        const events = joinEvents(
          { ...parsed.batch, events: parsed.batch.events.slice(0, fitting) },
          {
            headerCid: request.headers['x-page-cid'],
            requestCid: request.cid,
            tenant: scope?.tenant,
          },
        );
        try {
          if (await forwardEvents(config.analytics.sinkUrl, events))
            return reply.status(202).send({ forwarded: fitting, dropped: sent - fitting });
          request.log.warn({ sink: config.analytics.sinkUrl }, 'analytics sink refused events');
        } catch (error) {
          request.log.warn({ err: error }, 'analytics sink not reachable');
        }
        return jsonError(reply, 502, 'upstream_unreachable', 'The analytics sink is unreachable');
      });
    });
  },
  { name: 'analytics', dependencies: ['@fastify/cookie', 'request-context', 'rate-limit'] },
);
