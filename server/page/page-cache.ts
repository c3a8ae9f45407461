import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { DocumentHtml } from '../../shared/load-context';
import { dropShopKeys } from '../cache/shop-keys';

// The anonymous page cache (issue #11 item 6, docs/decisions/0154): opt-in (PAGE_CACHE_SECONDS),
// for visitors without token cookies only. A complete document is kept for a few seconds, keyed by
// shop origin + path + query, with the render's nonce and CID cut out of it: every answer from the
// cache gets its own nonce and CID put back in. A page whose render set a cookie (a guest session
// started, say) or answered anything but 200 is never kept.
export type PageCacheStatus = 'hit' | 'miss' | 'bypass';

type Slot = 'nonce' | 'cid';
type CachedPage = {
  headers: [string, string][];
  /** The document split around each nonce and CID of the render that made it. */
  parts: string[];
  slots: Slot[];
  bytes: number;
};

export type PageCache = {
  /** The cache key of a request the cache may answer, or null (signed in, guest, not a GET, data). */
  keyOf(request: FastifyRequest): string | null;
  /** A cached document with this response's nonce and CID, or null. */
  get(key: string, fresh: { nonce: string; cid: string }): CachedDocument | null;
  set(key: string, document: CachedDocument & { nonce: string; cid: string }): void;
  /** Empties the cache, or one shop's pages; returns how many were dropped. */
  purge(shopOrigin?: string): number;
};

export type CachedDocument = { headers: [string, string][]; html: string };

/** Headers of the render that are the response's own, never replayed from the cache. */
const OWN_HEADERS = new Set(['set-cookie', 'content-length', 'content-security-policy']);

/** A render's headers without those that are each response's own (cookies, length, CSP). */
export const keptHeaders = (headers: [string, string][]) =>
  headers.filter(([name]) => !OWN_HEADERS.has(name.toLowerCase()));

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

export function createPageCache(options: { ttlSeconds: number; maxBytes: number }): PageCache {
  const pages = new LRUCache<string, CachedPage>({
    max: 10_000,
    maxSize: options.maxBytes,
    sizeCalculation: (page, key) => page.bytes + key.length + 64,
    ttl: options.ttlSeconds * 1000,
  });
  return {
    keyOf(request) {
      if (request.method !== 'GET') return null;
      const { access_token: access, refresh_token: refresh } = request.cookies;
      if (access || refresh) return null;
      const pathname = request.url.split('?', 1)[0]!;
      // Documents only: React Router's data requests are not pages (its route manifest is
      // answered before the page's way, render/route-manifest.ts).
      if (pathname.endsWith('.data')) return null;
      return `${request.shopOrigin} ${request.url}`;
    },
    get(key, fresh) {
      const page = pages.get(key);
      if (!page) return null;
      let html = page.parts[0]!;
      for (let i = 0; i < page.slots.length; i += 1) {
        html += (page.slots[i] === 'nonce' ? fresh.nonce : fresh.cid) + page.parts[i + 1]!;
      }
      return { headers: page.headers, html };
    },
    set(key, document) {
      const pattern = new RegExp(
        `(${escapeRegExp(document.nonce)})|(${escapeRegExp(document.cid)})`,
        'g',
      );
      const parts: string[] = [];
      const slots: Slot[] = [];
      let last = 0;
      for (const match of document.html.matchAll(pattern)) {
        parts.push(document.html.slice(last, match.index));
        slots.push(match[1] ? 'nonce' : 'cid');
        last = match.index + match[0].length;
      }
      parts.push(document.html.slice(last));
      pages.set(key, {
        headers: keptHeaders(document.headers),
        parts,
        slots,
        bytes: document.html.length,
      });
    },
    purge: (shopOrigin) => dropShopKeys(pages, shopOrigin),
  };
}

type PendingPage = {
  key: string;
  headers: [string, string][];
  /** A template's bytes (ADR 0296) are read back as text only when the page is kept. */
  html: DocumentHtml;
  nonce: string;
};

/**
 * Where a rendered document waits until its response is sent, and the onSend hook that keeps it
 * only when the response set no cookie: @fastify/cookie writes Set-Cookie in its own onSend hook,
 * which runs before a route's, so a render that started a session is seen here and never kept.
 */
export function pageCacheKeeper(pageCache: PageCache) {
  const pending = new WeakMap<FastifyRequest, PendingPage>();
  return {
    offer(request: FastifyRequest, page: PendingPage): void {
      pending.set(request, page);
    },
    onSend: async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      if (reply.getHeader('x-page-cache') === 'hit' || pageCache.keyOf(request) === null) return;
      const page = pending.get(request);
      const keep = page !== undefined && !reply.hasHeader('set-cookie');
      if (keep) pageCache.set(page.key, { ...page, html: page.html.toString(), cid: request.cid });
      reply.header('x-page-cache', keep ? 'miss' : 'bypass');
    },
  };
}

export type PageCacheKeeper = ReturnType<typeof pageCacheKeeper>;
