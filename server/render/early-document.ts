import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { PassThrough } from 'node:stream';
import { matchPath } from 'react-router';
import { routeTable, toRouterPath } from '../../shared/routes';
import { expiresSoon } from '../session/access-token';
import { readTokenCookies } from '../session/cookies';
import {
  createEarlyHeads,
  errorRest,
  failedRest,
  redirectRest,
  type EarlyHeads,
} from './early-head';

// Which documents start before their data, and how they end (ADR 0271). The status goes out with
// the early head, so only where the page's own data cannot change it:
// - a GET of a screen that names nothing its data could find missing (EARLY_ROUTES: no product,
//   brand, order or list in the path or `?list=`, whose 404 must stay a 404; an unknown path is the
//   404 it always was);
// - for a visitor with both token cookies (a browser with a session: guests, crawlers and monitors
//   keep exact statuses on every page);
// - not when the token is due for renewal first, nor one uaa refused here since: new cookies must
//   go with the headers, so those pages wait for the renewal as before;
// - the shop's head is known (learned from an earlier document).
// What can still turn out otherwise is the session (uaa says it is gone: the `auth` redirect) or
// the platform (the context fails: 5xx): the page then ends in the document, a redirect as a
// refresh to its target, an error page as rendered, both kept out of search engines, and the status
// it would have had in the request's log.
const EARLY_ROUTES = new Set([
  'home',
  'search',
  'search-results',
  'checkout',
  'order-list',
  'profile',
  'profile-info',
  'delivery-addresses',
  'payment-methods',
  'shopping-lists',
  'smart-carts',
  'blink-test',
  'social-login',
]);

export type EarlyDocument = {
  /** The page as rendered, with its status. */
  document(status: number, html: string): void;
  redirect(status: number, location: string): void;
  failed(error?: unknown): void;
};

export type EarlyDocuments = {
  heads: EarlyHeads;
  /** The early head's document for this request, its head sent; null when it must wait. */
  start(
    request: FastifyRequest,
    reply: FastifyReply,
    headers: { nonce: string; csp: string },
  ): EarlyDocument | null;
  /** A token uaa refused after an early head: its next pages renew it before their head. */
  refuse(accessToken: string): void;
};

const EARLY_PATHS = routeTable
  .filter((route) => EARLY_ROUTES.has(route.id))
  .map((route) => toRouterPath(route.path));

export function createEarlyDocuments(): EarlyDocuments {
  const heads = createEarlyHeads();
  const refused = new LRUCache<string, true>({ max: 10_000 });

  const eligible = (request: FastifyRequest): boolean => {
    if (request.method !== 'GET') return false;
    const [pathname = '', query = ''] = request.url.split('?', 2);
    if (pathname.endsWith('.data') || pathname === '/__manifest') return false;
    if (new URLSearchParams(query).has('list')) return false;
    const { accessToken, refreshToken } = readTokenCookies(request);
    if (!accessToken || !refreshToken) return false;
    if (expiresSoon(accessToken) || refused.has(accessToken)) return false;
    return EARLY_PATHS.some((path) => matchPath({ path, end: true }, pathname) !== null);
  };

  return {
    heads,
    refuse: (accessToken) => void refused.set(accessToken, true),
    start(request, reply, { nonce, csp }) {
      if (!eligible(request)) return null;
      const head = heads.headFor(request.shopOrigin, nonce);
      if (head === null) return null;
      const body = new PassThrough();
      body.write(head);
      void reply
        .status(200)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-security-policy', csp)
        .header('x-page-head', 'early')
        .send(body);
      const shownAs = (status: number) => {
        if (status !== 200)
          request.log.info({ documentStatus: status }, 'early head: page ended otherwise');
      };
      let ended = false;
      const end = (rest: string) => {
        if (ended) return;
        ended = true;
        body.end(rest);
      };
      return {
        document(status, html) {
          shownAs(status);
          const rest = heads.restOf(html, head);
          end(status === 200 ? rest : errorRest(rest));
        },
        redirect(status, location) {
          shownAs(status);
          end(redirectRest(location));
        },
        failed(error) {
          shownAs(500);
          if (error !== undefined)
            request.log.error({ err: error }, 'render error after early head');
          end(failedRest(request.cid));
        },
      };
    },
  };
}
