import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { PassThrough } from 'node:stream';
import type { DocumentHtml } from '../../shared/load-context';
import { atBodyStart } from '../analytics/banner';
import type { KnownNames } from '../cache/known-names';
import { routeTable, toRouterPath } from '../../shared/routes';
import { expiresSoon } from '../session/access-token';
import { readTokenCookies } from '../session/cookies';
import { guessLoggedIn } from '../session/login-guess';
import { callsSent } from '../upstream/calls-sent';
import { createEarlyHeads, errorRest, failedRest, redirectRest } from './early-head';
import { createDataWait } from './data-wait';
import { catalogueNameOf } from './named-pages';
import { pathPatterns } from './path-patterns';

// Which documents may start before their data (when it is late: ADR 0287), and how they end
// (ADR 0271). The status goes out with the early head, so only where the page's own data cannot
// change it:
// - a GET of a screen that names nothing its data could find missing (EARLY_ROUTES: no order or
//   list in the path or `?list=`, whose 404 must stay a 404; an unknown path is the 404 it always
//   was), or of a product or brand the shop is known to have (ADR 0275: an unknown one waits);
// - for a visitor who looks signed in (both token cookies, the token not a guest session's:
//   session/login-guess.ts): guests, crawlers and monitors keep exact statuses on every page, and
//   so does a guest session, whose guarded pages redirect and whose checkout is its own;
// - not when the token is due for renewal first, nor one uaa refused here since: new cookies must
//   go with the headers, so those pages wait for the renewal as before;
// - the shop's head is known (learned from an earlier document).
// What can still turn out otherwise is the session (uaa says it is gone: the `auth` redirect) or
// the platform (the context fails: 5xx): the page then ends in the document, a redirect as a
// refresh to its target, an error page as rendered (a product or brand gone since it was seen
// ends as the not-found page), both kept out of search engines, and the status it would have had
// in the request's line (`documentStatus`).
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
]);

export type EarlyDocument = {
  /**
   * The page has made its calls (its context's and its loaders' first ones): a head due at once
   * goes after they have left. undici writes a call in the check phase after the turn that made
   * it (ADR 0294); a head sent before would hold every call back by its own writing, and each
   * call's answer comes later than the head by the upstream's latency anyway.
   */
  callsStarted(): void;
  /**
   * The page is ready: true when its head already went out (end it here), false when it has not
   * and now never will (send the page whole).
   */
  settle(): boolean;
  /**
   * A token uaa refused: true when the head went out (nothing can renew it now; its next page
   * will), false when it had not, and now will not (the renewed cookies go with the headers).
   */
  blockRenewal(accessToken: string): boolean;
  /** The page as rendered, with its status. */
  document(status: number, html: DocumentHtml): void;
  redirect(status: number, location: string): void;
  failed(error?: unknown): void;
};

export type EarlyDocuments = {
  /**
   * What a whole document (sent with its status) teaches: the shop's head, and whether the product
   * or brand its path names exists.
   */
  learn(request: FastifyRequest, status: number, html: DocumentHtml, nonce: string): void;
  /**
   * The early document of this request, its head due `afterMs` from now unless the page is ready
   * first (0, or the last pages' data all later than that: sent now, ADR 0294); null when the
   * page must wait for its data.
   */
  start(
    request: FastifyRequest,
    reply: FastifyReply,
    headers: { nonce: string; csp: string },
    afterMs: number,
  ): EarlyDocument | null;
};

const earlyPath = pathPatterns(
  routeTable
    .filter((route) => EARLY_ROUTES.has(route.id))
    .map((route) => ({ path: toRouterPath(route.path) })),
);

/**
 * `names`: the products and brands each shop is known to have (none: their pages wait).
 * `leadOf`: what the response puts first in <body> (the consent banner: the analytics plugin's
 * `documentLead`), asked when the rest of a found page is known; a filled template has already
 * taken it then (ADR 0296), and the answer is null.
 */
export function createEarlyDocuments(
  names?: KnownNames,
  leadOf: (request: FastifyRequest) => string | null = () => null,
): EarlyDocuments {
  const heads = createEarlyHeads();
  const dataWait = createDataWait();
  const refused = new LRUCache<string, true>({ max: 10_000 });

  const eligible = (request: FastifyRequest): boolean => {
    if (request.method !== 'GET') return false;
    const [pathname = '', query = ''] = request.url.split('?', 2);
    if (pathname.endsWith('.data')) return false;
    const params = new URLSearchParams(query);
    if (params.has('list')) return false;
    const cookies = readTokenCookies(request);
    if (!guessLoggedIn(cookies)) return false;
    const accessToken = cookies.accessToken!;
    if (expiresSoon(accessToken) || refused.has(accessToken)) return false;
    if (earlyPath(pathname)) return true;
    const name = catalogueNameOf(pathname);
    // A brand's page past the platform's last page number is its refusal, not the brand's page.
    if (name?.kind === 'brand' && params.has('page') && !/^\d{1,3}$/.test(params.get('page')!))
      return false;
    return name !== null && names?.has(request.shopOrigin, name) === true;
  };

  // A page's product or brand exists while its page is found; a page not found forgets it.
  const learnName = (request: FastifyRequest, status: number) => {
    const name = names && catalogueNameOf(request.url.split('?', 1)[0]!);
    if (!name) return;
    if (status === 200) names!.saw(request.shopOrigin, name);
    else if (status === 404) names!.forget(request.shopOrigin, name);
  };

  return {
    learn(request, status, html, nonce) {
      if (request.method !== 'GET') return;
      learnName(request, status);
      if (status === 200 && heads.headFor(request.shopOrigin, '') === null)
        heads.learn(request.shopOrigin, html.toString(), nonce);
    },
    start(request, reply, { nonce, csp }, afterMs) {
      if (!eligible(request)) return null;
      const head = heads.headFor(request.shopOrigin, nonce);
      if (head === null) return null;
      // A byte stream: a template's document passes as the bytes its fill wrote (ADR 0296), a
      // string is encoded once, here, as the socket would; the consent banner goes in as bytes.
      const body = new PassThrough();
      let state: 'due' | 'sent' | 'whole' = 'due';
      const sendHead = () => {
        // A visitor gone meanwhile gets nothing; the page ends as any other would.
        if (state !== 'due' || request.raw.destroyed) return;
        state = 'sent';
        body.write(head);
        void reply
          .status(200)
          .header('content-type', 'text/html; charset=utf-8')
          .header('cache-control', 'private, no-store')
          .header('content-security-policy', csp)
          .header('x-page-head', 'early')
          .send(body);
        // The request's line says what the page was: its status went out as 200 (ADR 0275).
        request.scope.document = { ...request.scope.document, early: true };
      };
      // The head goes when the data is late (ADR 0287). Its timer's turn ends with the answers
      // already read (the poll phase comes after the timers), so a page whose data is in goes
      // whole even when the event loop was too busy to notice it in time.
      // A head due at once waits for the page's calls to leave (callsStarted).
      let timer: NodeJS.Timeout | undefined;
      const dueNow = afterMs === 0 || dataWait.alwaysLongerThan(afterMs);
      if (!dueNow) timer = setTimeout(() => setImmediate(sendHead), afterMs);
      let callsMade = false;
      const started = performance.now();
      const keepWhole = () => {
        if (state === 'due') state = 'whole';
        clearTimeout(timer);
        return state === 'sent';
      };
      const shownAs = (status: number) => {
        request.scope.document = { ...request.scope.document, status };
      };
      let ended = false;
      const end = (rest: DocumentHtml) => {
        if (ended) return;
        ended = true;
        body.end(rest);
      };
      return {
        callsStarted() {
          if (!dueNow || callsMade) return;
          callsMade = true;
          void callsSent().then(sendHead);
        },
        settle() {
          dataWait.record(performance.now() - started);
          return keepWhole();
        },
        blockRenewal(accessToken) {
          if (!keepWhole()) return false;
          refused.set(accessToken, true);
          return true;
        },
        document(status, html) {
          shownAs(status);
          learnName(request, status);
          const rest = heads.restOf(html, head);
          if (status !== 200) return end(errorRest(rest.toString()));
          const lead = leadOf(request);
          end(lead === null ? rest : atBodyStart(rest, lead));
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
