import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DocumentHtml } from '../../shared/load-context';
import { countCacheLookup } from '../observability/cache-lookups';
import { withSpan } from '../observability/tracing';
import type { PageLoadContext } from '../page/page-load-context';
import type { TemplateCache } from '../page/template-cache';
import { PAGE_READS } from './page-methods';
import type { FillDocument, RouterHandler } from './router-build';
import { routerErrorOf, type RouterError } from './router-errors';
import { toWebRequest } from './web-request';

export type Rendered = { html: DocumentHtml; template?: { bytes: number } };

export type PageOutcome =
  | { kind: 'template'; html: Buffer; headers: [string, string][] }
  | { kind: 'router-error'; error: RouterError; allow: string | null }
  | {
      kind: 'response';
      response: Response;
      rendered: Rendered | null;
      /** Kept as a template (miss), not (bypass), or no template wanted (null). */
      templateKept: boolean | null;
    };

// What became of the page's template, for the request line beside X-Page-Template (ADR 0275),
// and as the template cache's lookup in the metrics and the line's cache tally: a page filled
// (hit), or rendered and kept (miss); one that could not be kept (bypass) is no lookup. Counted
// here rather than at the cache's `get`, which a page whose template is not likely never calls.
const noteTemplate = (request: FastifyRequest, template: 'hit' | 'miss' | 'bypass') => {
  request.scope.document = { ...request.scope.document, template };
  countCacheLookup('template', template, request.scope);
};

/**
 * The page itself. A GET whose template is likely kept waits for the page context and fills
 * it; any other GET starts React Router now, its loaders beside the page context's calls (ADR
 * 0270); an action runs once the visitor and the context are known, as before.
 */
export function createPageRenderer(deps: {
  /** Document templates (ADR 0203): only with entry.server's filler. */
  templates: TemplateCache | null;
  fillDocument?: FillDocument;
  /** React Router's handler; given a document's path, the one of the routes it can use. */
  handler: (documentPath?: string) => Promise<RouterHandler>;
  /** What a filled template's response adds before </body> (the consent banner), if anything. */
  documentLead?: (request: FastifyRequest) => string | null;
}) {
  const { templates, fillDocument } = deps;
  return async (
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
        // What a whole render would have read stale, refreshed as its read would have (ADR 0305).
        for (const path of kept.stale) loadContext.refreshPublic(path);
        const lead = deps.documentLead?.(request) ?? undefined;
        const html = await fillDocument!(kept.template, loadContext, lead);
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
    // entry.server hands the document back as is, with its template (ADR 0200, 0212, 0296);
    // it asks once the loaders are done, when the page context is known.
    let rendered = null as Rendered | null;
    loadContext.render = {
      get wantsTemplate() {
        return templateKeyOf() !== null;
      },
      document: (html, template) => void (rendered = { html, template }),
    };
    const { dependencies } = loadContext;
    const webRequest = toWebRequest(request, reply, () => void (dependencies.headerReads += 1));
    const handle = await deps.handler(reading ? documentPathOf(webRequest.url) : undefined);
    // The render's own span when tracing is on (observability/tracing.ts).
    const [response] = await Promise.all([
      withSpan(request.scope, 'render', {}, () => handle(webRequest, loadContext)),
      loadContext.ready,
    ]);
    const routerError = await routerErrorOf(response, request.method, request.url);
    if (routerError) {
      const allow =
        routerError.status === 405
          ? (response.headers.get('allow') ?? PAGE_READS.join(', '))
          : null;
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
}

/**
 * The path of a document as React Router reads it (its URL's pathname), or undefined for a
 * route's data (`.data`), which may name any route. A read of the route manifest never comes
 * here (./route-manifest.ts).
 */
function documentPathOf(url: string): string | undefined {
  const { pathname } = new URL(url);
  return pathname.endsWith('.data') ? undefined : pathname;
}

export type PageRenderer = ReturnType<typeof createPageRenderer>;
