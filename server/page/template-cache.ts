import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { dropShopKeys } from '../cache/shop-keys';
import type { SubrequestCache } from '../cache/subrequest-cache';
import { keptHeaders } from './page-cache';
import type { PageLoadContext } from './page-load-context';

// Document templates (ADR 0203): a page that shows its visitor only in its holes is kept once
// per shop, login state and URL, and filled per request with the visitor's parts (entry.server's
// fillDocument). A template is used only while every public answer its render read is still the
// answer the sub-request cache serves, fresh or stale while it refreshes (a whole render would be
// served the same; ADR 0305), and while the page context says what it said then. It holds
// nothing of a visitor: a render that read the visitor or made a call with the visitor's token
// is not kept (`keep`), and a page that read the visitor outside a hole is not rendered as a
// template at all (entry.server). Nor is a render that left out a section whose call failed: a
// call that never answered has no version to retire the template by, and a whole render shows
// the section again once the call succeeds.
type Kept = {
  template: { bytes: number };
  headers: [string, string][];
  answers: PageLoadContext['dependencies']['publicAnswers'];
  context: string;
};
type Current = Pick<Kept, 'template' | 'headers'> & { stale: string[] };

export type TemplateCache = {
  /** The key of a page request that may use a template, or null (not a GET document). */
  keyOf(request: FastifyRequest, context: PageLoadContext): string | null;
  /**
   * Whether this request will likely be filled from a template, its login state guessed (ADR
   * 0270): one is kept and its answers can still be served (only the context is left to check).
   */
  likely(request: FastifyRequest, isLoggedIn: boolean): boolean;
  /**
   * The kept template and its headers, if it is current for this request's context, with the
   * paths of its answers that are stale: the filled page refreshes them, as a render would.
   */
  get(key: string, context: PageLoadContext): Current | null;
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

  /** The paths of a template's stale answers, or null when one can no longer be served. */
  const staleOf = (origin: string, kept: Kept): string[] | null => {
    const stale: string[] = [];
    for (const { path, version } of kept.answers) {
      const freshness = subrequests.freshness(origin, path, version);
      if (freshness === null) return null;
      if (freshness === 'stale') stale.push(path);
    }
    return stale;
  };

  return {
    keyOf(request, context) {
      if (request.method !== 'GET' || !context.document || !context.publicContext) return null;
      if (context.failure) return null;
      return keyFor(request, context.visitor().isLoggedIn);
    },
    likely(request, isLoggedIn) {
      if (request.method !== 'GET') return false;
      const key = keyFor(request, isLoggedIn);
      const kept = templates.peek(key);
      if (kept === undefined) return false;
      if (staleOf(request.shopOrigin, kept) !== null) return true;
      templates.delete(key); // Its answers can no longer be served: it will never be used.
      return false;
    },
    get(key, context) {
      const kept = templates.get(key);
      if (!kept) return null;
      const stale = staleOf(key.slice(0, key.indexOf(' ')), kept);
      if (stale === null || kept.context !== contextOf(context)) {
        templates.delete(key);
        return null;
      }
      return { template: kept.template, headers: kept.headers, stale };
    },
    keep(key, { template, headers }, context) {
      const { visitorReads, headerReads, privateCalls, sectionsLeftOut, publicAnswers } =
        context.dependencies;
      if (visitorReads > 0 || headerReads > 0 || privateCalls > 0 || sectionsLeftOut > 0)
        return false;
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
