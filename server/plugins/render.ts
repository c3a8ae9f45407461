import type { FastifyInstance, FastifyReply } from 'fastify';
import { createRequestHandler } from 'react-router';
import { sendCacheTally } from '../cache/tally';
import type { Config } from '../config';
import { loadPageContext } from '../page/page-context';
import { pageCacheKeeper, type PageCache } from '../page/page-cache';
import type { TemplateCache } from '../page/template-cache';
import { prepareBuild, type RenderSource } from '../render/build-source';
import { contentSecurityPolicy, createNonce } from '../render/csp';
import { actionBodyProblem } from '../render/action-body';
import { routerErrorOf } from '../render/router-errors';
import { toWebRequest } from '../render/web-request';
import { pageTargetProblem } from '../request/target';
import { jsonError } from '../errors/json-error';
import { withSpan } from '../observability/tracing';
import type { Platform } from '../upstream/platform';
import type { GatewayLoadContext } from '../../shared/load-context';
import { BODY_LIMIT } from './proxy';

export type { RenderSource };

type FillDocument = (template: unknown, loadContext: GatewayLoadContext) => Promise<string>;

// Pages and React Router data requests: per-page context, then React Router's handler, streamed to
// the client. Registered last; the gateway's own routes (/api, /auth, health) are more specific.
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

  app.route({
    method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/*',
    // The page cache keeps a document once its response is known to set no cookie.
    ...(keeper ? { onSend: keeper.onSend } : {}),
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
      const loadContext = await loadPageContext(app, request, reply, { ...opts, nonce });
      const templateKey = templates?.keyOf(request, loadContext) ?? null;
      if (templateKey !== null) {
        const kept = templates!.get(templateKey, loadContext);
        if (kept) {
          const html = await fillDocument!(kept.template, loadContext);
          sendCacheTally(request, reply);
          return sendKept(reply, kept.headers, nonce, 'x-page-template', html);
        }
      }
      // entry.server hands the document back as a string, with its template (ADR 0200, 0212).
      let rendered = null as { html: string; template?: { bytes: number } } | null;
      loadContext.render = {
        wantsTemplate: templateKey !== null,
        document: (html, template) => void (rendered = { html, template }),
      };
      const handle =
        productionHandler ?? createRequestHandler(await provider.getBuild(), 'development');
      const { dependencies } = loadContext;
      const webRequest = toWebRequest(request, reply, () => void (dependencies.headerReads += 1));
      // The render's own span when tracing is on (observability/tracing.ts).
      const response = await withSpan(request.scope, 'render', {}, () =>
        handle(webRequest, loadContext),
      );
      const routerError = await routerErrorOf(response, request.method, request.url);
      if (routerError) {
        if (routerError.status === 405)
          reply.header('allow', response.headers.get('allow') ?? 'GET, HEAD');
        return jsonError(reply, routerError.status, routerError.code, routerError.message);
      }

      reply.status(response.status);
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie') reply.header(name, value);
      });
      if (templateKey !== null) {
        const headers: [string, string][] = [];
        response.headers.forEach((value, name) => headers.push([name, value]));
        const template = rendered?.template;
        const kept =
          template !== undefined &&
          response.status === 200 &&
          templates!.keep(templateKey, { template, headers }, loadContext);
        reply.header('x-page-template', kept ? 'miss' : 'bypass');
      }
      for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
      // Pages carry the visitor's account: never stored by a shared cache.
      reply.header('cache-control', 'private, no-store');
      sendCacheTally(request, reply);
      if ((response.headers.get('content-type') ?? '').startsWith('text/html')) {
        reply.header(
          'content-security-policy',
          contentSecurityPolicy(nonce, !production, signInOrigins),
        );
      }
      if (request.method === 'HEAD') return reply.send();
      // A document goes out as one string: compressed in one call, sent with its length.
      if (rendered !== null) {
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
