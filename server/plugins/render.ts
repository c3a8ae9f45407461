import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler } from 'react-router';
import { sendCacheTally } from '../cache/tally';
import type { Config } from '../config';
import { startPageContext, type PageLoadContext } from '../page/page-context';
import { createShopTenants } from '../page/shop-tenants';
import { createFollowUps } from '../page/follow-ups';
import { pageCacheKeeper, type PageCache } from '../page/page-cache';
import type { TemplateCache } from '../page/template-cache';
import { prepareBuild, type RenderSource } from '../render/build-source';
import { contentSecurityPolicy, createNonce } from '../render/csp';
import { actionBodyProblem } from '../render/action-body';
import { createEarlyDocuments, type EarlyDocument } from '../render/early-document';
import { routerErrorOf, type RouterError } from '../render/router-errors';
import { toWebRequest } from '../render/web-request';
import { cacheStatusReader, hideCacheStatus } from '../request/cache-status';
import { pageTargetProblem } from '../request/target';
import { jsonError } from '../errors/json-error';
import { withSpan } from '../observability/tracing';
import type { Platform } from '../upstream/platform';
import type { GatewayLoadContext } from '../../shared/load-context';
import { BODY_LIMIT } from './proxy';

export type { RenderSource };

type FillDocument = (template: unknown, loadContext: GatewayLoadContext) => Promise<string>;

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
  },
): Promise<void> {
  const { pageCache } = opts;
  const provider = await prepareBuild(app, opts.source);
  const production = provider.mode === 'production';
  const productionHandler = production
    ? createRequestHandler(await provider.getBuild(), 'production')
    : null;
  if (production) app.reporter.setBuildId((await provider.getBuild()).assets?.version ?? 'unknown');
  // Document templates (ADR 0203) in production: entry.server fills them (fillDocument).
  const entry = production ? (await provider.getBuild()).entry?.module : undefined;
  const fillDocument = (entry as { fillDocument?: FillDocument } | undefined)?.fillDocument;
  const templates = fillDocument ? (opts.templates ?? null) : null;

  // "Continue with" posts a form that the gateway redirects to the provider: CSP form-action must
  // allow the providers' origins, or the browser stops at the redirect.
  const signInOrigins = [
    ...new Set(opts.config.social.providers.map((p) => new URL(p.discoveryUrl).origin)),
  ];

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
    const build = await provider.getBuild();
    return reply.header('cache-control', 'no-store').send({ buildId: build.assets.version });
  });

  const keeper = pageCache ? pageCacheKeeper(pageCache) : null;
  const hideStatus = hideCacheStatus(cacheStatusReader(opts.config));
  // Each shop's tenant as its last context named it: a page's cart call starts with the others.
  const tenants = createShopTenants();
  const followUps = createFollowUps();
  // Documents whose head goes out before their data (ADR 0271).
  const earlyDocuments = opts.config.earlyHead ? createEarlyDocuments(opts.platform.names) : null;

  // A document from the page cache or a template: its render's headers, then this response's
  // own (no shared caching, its nonce's CSP) and the hit.
  const sendKept = (
    reply: FastifyReply,
    headers: [string, string][],
    nonce: string,
    hitHeader: 'x-page-cache' | 'x-page-template',
    html: string,
  ) => {
    for (const [name, value] of headers) reply.header(name, value);
    return reply
      .header('cache-control', 'private, no-store')
      .header('content-security-policy', contentSecurityPolicy(nonce, !production, signInOrigins))
      .header(hitHeader, 'hit')
      .send(html);
  };

  type Rendered = { html: string; template?: { bytes: number } };
  type PageOutcome =
    | { kind: 'template'; html: string; headers: [string, string][] }
    | { kind: 'router-error'; error: RouterError; allow: string | null }
    | {
        kind: 'response';
        response: Response;
        rendered: Rendered | null;
        /** Kept as a template (miss), not (bypass), or no template wanted (null). */
        templateKept: boolean | null;
      };

  // What became of the page's template, for the request line beside X-Page-Template (ADR 0275).
  const noteTemplate = (request: FastifyRequest, template: 'hit' | 'miss' | 'bypass') => {
    request.scope.document = { ...request.scope.document, template };
  };

  // The page itself. A GET whose template is likely kept waits for the page context and fills
  // it; any other GET starts React Router now, its loaders beside the page context's calls (ADR
  // 0270); an action runs once the visitor and the context are known, as before.
  const renderPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    loadContext: PageLoadContext,
  ): Promise<PageOutcome> => {
    const reading = request.method === 'GET' || request.method === 'HEAD';
    if (!reading || templates?.likely(request, loadContext.guessedLoggedIn)) {
      await loadContext.ready;
      const templateKey = templates?.keyOf(request, loadContext) ?? null;
      const kept = templateKey !== null ? templates!.get(templateKey, loadContext) : null;
      if (kept) {
        const html = await fillDocument!(kept.template, loadContext);
        noteTemplate(request, 'hit');
        return { kind: 'template', html, headers: kept.headers };
      }
    }
    const templateKeyOf = () => {
      try {
        return templates?.keyOf(request, loadContext) ?? null;
      } catch {
        return null; // The page context failed to load: no template.
      }
    };
    // entry.server hands the document back as a string, with its template (ADR 0200, 0212);
    // it asks once the loaders are done, when the page context is known.
    let rendered = null as Rendered | null;
    loadContext.render = {
      get wantsTemplate() {
        return templateKeyOf() !== null;
      },
      document: (html, template) => void (rendered = { html, template }),
    };
    const handle =
      productionHandler ?? createRequestHandler(await provider.getBuild(), 'development');
    const { dependencies } = loadContext;
    const webRequest = toWebRequest(request, reply, () => void (dependencies.headerReads += 1));
    // The render's own span when tracing is on (observability/tracing.ts).
    const [response] = await Promise.all([
      withSpan(request.scope, 'render', {}, () => handle(webRequest, loadContext)),
      loadContext.ready,
    ]);
    const routerError = await routerErrorOf(response, request.method, request.url);
    if (routerError) {
      const allow =
        routerError.status === 405 ? (response.headers.get('allow') ?? 'GET, HEAD') : null;
      return { kind: 'router-error', error: routerError, allow };
    }
    const templateKey = templateKeyOf();
    let templateKept: boolean | null = null;
    if (templateKey !== null) {
      const headers: [string, string][] = [];
      response.headers.forEach((value, name) => headers.push([name, value]));
      const template = (rendered as Rendered | null)?.template;
      templateKept =
        template !== undefined &&
        response.status === 200 &&
        templates!.keep(templateKey, { template, headers }, loadContext);
      noteTemplate(request, templateKept ? 'miss' : 'bypass');
    }
    return { kind: 'response', response, rendered, templateKept };
  };

  // After an early head (ADR 0271): the rest of the document, whatever the page turned out to be.
  const renderAfterHead = async (
    request: FastifyRequest,
    reply: FastifyReply,
    loadContext: PageLoadContext,
    early: EarlyDocument,
  ) => {
    const outcome = await renderPage(request, reply, loadContext);
    if (outcome.kind === 'template') return early.document(200, outcome.html);
    if (outcome.kind === 'router-error') return early.failed();
    const { response, rendered } = outcome;
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location)
      return early.redirect(response.status, location);
    if (rendered === null) return early.failed();
    return early.document(response.status, rendered.html);
  };

  app.route({
    method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/*',
    // The page cache keeps a document once its response is known to set no cookie.
    // Then the cache-status headers leave only for operators (ADR 0246).
    onSend: keeper ? [keeper.onSend, hideStatus] : hideStatus,
    // A page target is a plain path: never `//host/x`, dot segments or control characters, so
    // the page's URL cannot take another origin (issue #12 item 4).
    onRequest: async (request, reply) => {
      const problem = pageTargetProblem(request.url);
      if (problem) return jsonError(reply, problem.status, problem.code, problem.message);
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
      const nonce = createNonce();
      const cacheKey = pageCache?.keyOf(request) ?? null;
      if (cacheKey !== null) {
        const cached = pageCache!.get(cacheKey, { nonce, cid: request.cid });
        if (cached) return sendKept(reply, cached.headers, nonce, 'x-page-cache', cached.html);
      }
      // A session's page may send its head at once (ADR 0271); the page context's calls start
      // now (ADR 0270).
      const csp = contentSecurityPolicy(nonce, !production, signInOrigins);
      const early = earlyDocuments?.start(request, reply, { nonce, csp }) ?? null;
      const loadContext = startPageContext(app, request, reply, {
        ...opts,
        nonce,
        tenants,
        followUps,
        // After an early head no cookie can be set: a refused token is renewed on the next page.
        renewalBlocked: early ? (token) => (earlyDocuments!.refuse(token), true) : undefined,
      });
      if (early) {
        try {
          await renderAfterHead(request, reply, loadContext, early);
        } catch (error) {
          early.failed(error);
        }
        return reply;
      }
      const outcome = await renderPage(request, reply, loadContext);
      if (outcome.kind === 'template') {
        sendCacheTally(request, reply);
        earlyDocuments?.learn(request, 200, outcome.html, nonce);
        return sendKept(reply, outcome.headers, nonce, 'x-page-template', outcome.html);
      }
      if (outcome.kind === 'router-error') {
        const { error, allow } = outcome;
        if (allow) reply.header('allow', allow);
        return jsonError(reply, error.status, error.code, error.message);
      }
      const { response, rendered, templateKept } = outcome;
      const { dependencies } = loadContext;
      reply.status(response.status);
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie') reply.header(name, value);
      });
      if (templateKept !== null) reply.header('x-page-template', templateKept ? 'miss' : 'bypass');
      for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
      // Pages carry the visitor's account: never stored by a shared cache.
      reply.header('cache-control', 'private, no-store');
      sendCacheTally(request, reply);
      if ((response.headers.get('content-type') ?? '').startsWith('text/html'))
        reply.header('content-security-policy', csp);
      if (request.method === 'HEAD') return reply.send();
      // A document goes out as one string: compressed in one call, sent with its length.
      if (rendered !== null) {
        // Each shop's early head and its products and brands are learned from whole documents.
        earlyDocuments?.learn(request, response.status, rendered.html, nonce);
        // Not kept: a page made from the request's headers, or one its route says is not to
        // be stored (ADR 0246).
        const storable = !/no-store|private/i.test(response.headers.get('cache-control') ?? '');
        if (
          cacheKey !== null &&
          response.status === 200 &&
          dependencies.headerReads === 0 &&
          storable
        ) {
          const headers: [string, string][] = [];
          response.headers.forEach((value, name) => headers.push([name, value]));
          keeper!.offer(request, { key: cacheKey, headers, html: rendered.html, nonce });
        }
        return reply.send(rendered.html);
      }
      if (!response.body) return reply.send();
      // React Router's data answers (.data, its manifest) and resource routes are complete once
      // made: no loader defers data (ADR 0212). Sent whole, with their length.
      return reply.send(Buffer.from(await response.arrayBuffer()));
    },
  });
}
