import type { FastifyInstance } from 'fastify';
import { sendCacheTally } from '../cache/tally';
import type { Config } from '../config';
import { servedBuild, type RunningBuild } from '../observability/running-build';
import { createFollowUps } from '../page/follow-ups';
import { pageCacheKeeper, type PageCache } from '../page/page-cache';
import { startPageContext } from '../page/page-context';
import { createShopTenants } from '../page/shop-tenants';
import type { TemplateCache } from '../page/template-cache';
import { actionBodyProblem } from '../render/action-body';
import { finishAfterHead } from '../render/after-head';
import type { RenderSource } from '../render/build-source';
import { contentSecurityPolicy, createNonce, signInFormOrigins } from '../render/csp';
import { createEarlyDocuments } from '../render/early-document';
import { sendKeptDocument } from '../render/kept-document';
import { createPageRenderer, type PageOutcome } from '../render/page-render';
import { sendPageResponse } from '../render/page-response';
import { loadRouterBuild } from '../render/router-build';
import { answerManifest, isManifestRead } from '../render/route-manifest';
import { cacheStatusReader, hideCacheStatus } from '../request/cache-status';
import { pageTargetProblem } from '../request/target';
import { jsonError } from '../errors/json-error';
import { methodNotAllowed } from '../errors/method-not-allowed';
import { PAGE_WITH_FORM, pageMethods, takenByPages } from '../render/page-methods';
import { asksAboutServer, serverAllow } from '../../shared/server-methods';
import { callsSent } from '../upstream/calls-sent';
import type { Platform } from '../upstream/platform';
import { BODY_LIMIT } from './proxy';

export type { RenderSource };

// Pages and React Router data requests: per-page context, then React Router's handler; a session's
// document may start before its data (ADR 0271). Registered last; the gateway's own routes (/api, /auth, health) are more specific.
export async function renderPlugin(
  app: FastifyInstance,
  opts: {
    config: Config;
    platform: Platform;
    source: RenderSource;
    pageCache?: PageCache | null;
    templates?: TemplateCache | null;
    /** Told where the served build is read (the report tunnel checks releases and routes by it). */
    runningBuild?: RunningBuild;
  },
): Promise<void> {
  const { pageCache } = opts;
  const build = await loadRouterBuild(app, opts.source);
  // A development build that fails to load names no build: a report's release is then checked
  // by its form alone, and it names no route of the app.
  opts.runningBuild?.readFrom(() => build.getBuild().then(servedBuild, () => undefined));
  const { production, fillDocument } = build;
  // Document templates (ADR 0203) in production: entry.server fills them (fillDocument).
  const renderPage = createPageRenderer({
    templates: fillDocument ? (opts.templates ?? null) : null,
    fillDocument,
    handler: build.handler,
    documentLead: (request) => app.documentLead(request),
  });
  const signInOrigins = signInFormOrigins(opts.config.social.providers);
  const cspOf = (nonce: string) => contentSecurityPolicy(nonce, !production, signInOrigins);

  // Bodies of route actions (forms, JSON, multipart) are read here, whatever their type, with the
  // gateway's body limit: a declared Content-Length over it is refused before anything is read,
  // a chunked body as soon as it crosses it (413 JSON; issue #12 item 1). React Router gets them
  // as a buffer.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  // The browser runtime polls this to learn that a newer build is deployed.
  app.get('/builds/latest.json', async (_request, reply) => {
    const { assets } = await build.getBuild();
    return reply.header('cache-control', 'no-store').send({ buildId: assets.version });
  });

  const keeper = pageCache ? pageCacheKeeper(pageCache) : null;
  const hideStatus = hideCacheStatus(cacheStatusReader(opts.config));
  // Each shop's tenant as its last context named it: a page's cart call starts with the others.
  const tenants = createShopTenants();
  const followUps = createFollowUps();
  // Documents whose head goes out before their data (ADR 0271).
  const earlyDocuments = opts.config.earlyHead
    ? createEarlyDocuments(opts.platform.names, (request) => app.documentLead(request))
    : null;

  app.route({
    // Every method: one the path's routes do not take is a 405 naming those they take (ADR 0385).
    method: app.supportedMethods,
    url: '/*',
    // The page cache keeps a document once its response is known to set no cookie.
    // Then the cache-status headers leave only for operators (ADR 0246).
    onSend: keeper ? [keeper.onSend, hideStatus] : hideStatus,
    // A page target is a plain path: never `//host/x`, dot segments or control characters, so
    // the page's URL cannot take another origin (issue #12 item 4).
    onRequest: async (request, reply) => {
      // `OPTIONS *` asks about the server, not a path (request/target.ts lets only it through).
      if (asksAboutServer(request.method, request.url))
        return reply
          .header('allow', serverAllow([...app.routeMethods.all(), ...PAGE_WITH_FORM]))
          .send();
      const problem = pageTargetProblem(request.url);
      if (problem) return jsonError(reply, problem.status, problem.code, problem.message);
      // A path of the gateway's own routes (/auth/session) with a method they do not take.
      const own = app.routeMethods.at(request.url);
      if (own.length > 0) return methodNotAllowed(reply, own);
      if (!takenByPages(request.method))
        return methodNotAllowed(reply, pageMethods(await build.getBuild(), request.url));
    },
    preHandler: async (request, reply) => {
      const problem = await actionBodyProblem(
        request.method,
        request.headers['content-type'],
        request.body,
      );
      if (problem) return jsonError(reply, problem.status, problem.code, problem.message);
    },
    handler: async (request, reply) => {
      // React Router's route manifest is the build's, the same for everyone: no page context.
      if (isManifestRead(request.method, request.url))
        return answerManifest(app, request, reply, await build.handler());
      const nonce = createNonce();
      const cacheKey = pageCache?.keyOf(request) ?? null;
      if (cacheKey !== null) {
        const cached = pageCache!.get(cacheKey, { nonce, cid: request.cid });
        if (cached)
          return sendKeptDocument(reply, {
            ...cached,
            csp: cspOf(nonce),
            hitHeader: 'x-page-cache',
          });
      }
      // A session's page may send its head before its data (ADR 0271), when the data is late
      // (ADR 0287); the page context's calls start now (ADR 0270).
      const csp = cspOf(nonce);
      const early =
        earlyDocuments?.start(request, reply, { nonce, csp }, opts.config.earlyHeadAfterMs) ?? null;
      const loadContext = startPageContext(app, request, reply, {
        ...opts,
        nonce,
        tenants,
        followUps,
        // After an early head no cookie can be set: a refused token is renewed on the next page.
        renewalBlocked: early ? (token) => early.blockRenewal(token) : undefined,
      });
      await callsSent();
      let outcome: PageOutcome;
      const rendering = renderPage(request, reply, loadContext);
      // The loaders make their calls in this turn's microtasks: a head due at once follows them.
      early?.callsStarted();
      try {
        outcome = await rendering;
      } catch (error) {
        if (!early?.settle()) throw error;
        early.failed(error);
        return reply;
      }
      if (early?.settle()) {
        finishAfterHead(outcome, early);
        return reply;
      }
      if (outcome.kind === 'template') {
        sendCacheTally(request, reply);
        earlyDocuments?.learn(request, 200, outcome.html, nonce);
        return sendKeptDocument(reply, { ...outcome, csp, hitHeader: 'x-page-template' });
      }
      if (outcome.kind === 'router-error') {
        const { error, allow } = outcome;
        if (allow) reply.header('allow', allow);
        return jsonError(reply, error.status, error.code, error.message);
      }
      return sendPageResponse(request, reply, outcome, {
        csp,
        nonce,
        dependencies: loadContext.dependencies,
        cacheKey,
        keeper,
        earlyDocuments,
      });
    },
  });
}
