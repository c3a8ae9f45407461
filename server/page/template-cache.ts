import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { dropShopKeys } from '../cache/shop-keys';
import type { SubrequestCache } from '../cache/subrequest-cache';
import { keptHeaders } from './page-cache';
import type { PageLoadContext } from './page-load-context';

// Document templates (ADR 0203): a page that shows its visitor only in its holes is kept once
// per shop, login state and URL, and filled per request with the visitor's parts (entry.server's
// fillDocument). A template is used only while every public answer its render read is still the
// sub-request cache's fresh answer, and while the page context says what it said then. It holds
// nothing of a visitor: a render that read the visitor or made a call with the visitor's token
// is not kept (`keep`), and a page that read the visitor outside a hole is not rendered as a
// template at all (entry.server).
type Kept = {
  template: { bytes: number };
  headers: [string, string][];
  answers: PageLoadContext['dependencies']['publicAnswers'];
  context: string;
};

export type TemplateCache = {
  /** The key of a page request that may use a template, or null (not a GET document). */
  keyOf(request: FastifyRequest, context: PageLoadContext): string | null;
  /** Whether a template may be kept for this request, its login state guessed (ADR 0270). */
  likely(request: FastifyRequest, isLoggedIn: boolean): boolean;
  /** The kept template and its headers, if it is current for this request's context. */
  get(key: string, context: PageLoadContext): Omit<Kept, 'answers' | 'context'> | null;
  /** Keeps a render's template; false when the render depended on its visitor. */
  keep(key: string, kept: Pick<Kept, 'template' | 'headers'>, context: PageLoadContext): boolean;
  /** Drops every template, or one shop's; answers how many. */
  purge(shopOrigin?: string): number;
  readonly size: number;
};

/**
 * The longest a template is used, whatever its answers say: a page that read no cached answer
 * (or shows the time) is rendered again at least this often. The sub-request cache's longest ttl.
 */
export const TEMPLATE_MAX_AGE_MS = 5 * 60_000;

const keyFor = (request: FastifyRequest, isLoggedIn: boolean) =>
  `${request.shopOrigin} ${isLoggedIn ? 'in' : 'out'} ${request.url}`;

export function createTemplateCache(options: {
  maxBytes: number;
  subrequests: SubrequestCache;
  /** Replaces TEMPLATE_MAX_AGE_MS (tests). */
  maxAgeMs?: number;
}): TemplateCache {
  const { subrequests } = options;
  const templates = new LRUCache<string, Kept>({
    maxSize: options.maxBytes,
    sizeCalculation: (kept, key) => kept.template.bytes + kept.context.length + key.length + 64,
    maxEntrySize: Math.max(1, Math.floor(options.maxBytes / 4)),
    ttl: options.maxAgeMs ?? TEMPLATE_MAX_AGE_MS,
  });
  // What of the page context a template shows: the shop and its URL, not the request's CID.
  const contextOf = ({ publicContext }: PageLoadContext) =>
    JSON.stringify({ ...publicContext, cid: undefined });

  return {
    keyOf(request, context) {
      if (request.method !== 'GET' || !context.document || !context.publicContext) return null;
      if (context.failure) return null;
      return keyFor(request, context.visitor().isLoggedIn);
    },
    likely: (request, isLoggedIn) =>
      request.method === 'GET' && templates.has(keyFor(request, isLoggedIn)),
    get(key, context) {
      const kept = templates.get(key);
      if (!kept) return null;
      const origin = key.slice(0, key.indexOf(' '));
      const current =
        kept.answers.every(({ path, version }) => subrequests.isCurrent(origin, path, version)) &&
        kept.context === contextOf(context);
      if (!current) {
        templates.delete(key);
        return null;
      }
      return { template: kept.template, headers: kept.headers };
    },
    keep(key, { template, headers }, context) {
      const { visitorReads, headerReads, privateCalls, publicAnswers } = context.dependencies;
      if (visitorReads > 0 || headerReads > 0 || privateCalls > 0) return false;
      templates.set(key, {
        template,
        headers: keptHeaders(headers),
        answers: publicAnswers,
        context: contextOf(context),
      });
      return templates.has(key);
    },
    purge: (shopOrigin) => dropShopKeys(templates, shopOrigin),
    get size() {
      return templates.size;
    },
  };
}
