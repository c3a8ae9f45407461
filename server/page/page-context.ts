import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PublicContext } from '../../shared/contracts/context';
import { bookingPaths } from '../../shared/contracts/booking-paths';
import {
  PageContextPending,
  type GatewayLoadContext,
  type PageFailure,
} from '../../shared/load-context';
import { countCache } from '../cache/tally';
import type { Config } from '../config';
import { resolveAccount, type PublicAccount } from '../session/account';
import { readTokenCookies, setTokenCookies } from '../session/cookies';
import { guessLoggedIn } from '../session/login-guess';
import { passwordSignIn, signOut } from '../session/sign-in';
import { startSocialSignIn } from '../social/flow';
import type { Platform } from '../upstream/platform';
import { loadCmsContext, type CmsContextResult } from './cms-context';
import { createPlatformClient } from './platform-client';
import { sectionFailed } from './section-failures';
import { pageProofOf } from '../request/page-proof';
import type { PageLimit } from '../../shared/load-context';
import type { FollowUps } from './follow-ups';
import type { ShopTenants } from './shop-tenants';
import { loadVisitorAndContext } from './visitor-context';

/**
 * What a page's render did that a document template must not depend on (ADR 0203): read the
 * visitor (session, login, account) or called the platform with the visitor's token. And the
 * public answers it used, each with its version, to tell later whether it is current. A render
 * that read the request's headers (ADR 0246) is kept by neither the page cache nor the templates.
 */
export type PageDependencies = {
  visitorReads: number;
  headerReads: number;
  privateCalls: number;
  publicAnswers: { path: string; version: number }[];
};

export type PageLoadContext = GatewayLoadContext & {
  dependencies: PageDependencies;
  /** Whether the visitor looked signed in before uaa answered (session/login-guess.ts). */
  guessedLoggedIn: boolean;
};

// The per-page context of specification sections 3, 4, 7 and 8: account (only with both token
// cookies; logged in only with an id; failure → logged out) and the CMS context (no retry; no cid
// → error flag, logged with the upstream status; generic error page 502, or 504 on timeout). Made
// at once, its calls under way (ADR 0270): the account, the context (./visitor-context.ts) and,
// for a document with a session, the cart of the shop's last known tenant. A GET page's loaders
// start beside them; `visitorReady` and `ready` say when the visitor and the context are known.
export function startPageContext(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  deps: {
    config: Config;
    platform: Platform;
    nonce: string;
    tenants: ShopTenants;
    followUps?: FollowUps;
    renewalBlocked?: (accessToken: string) => boolean;
  },
): PageLoadContext {
  const { config, platform, tenants } = deps;
  const cookies = readTokenCookies(request);
  const withCookies = Boolean(cookies.accessToken && cookies.refreshToken);
  const document = !request.url.split('?', 1)[0]!.endsWith('.data');
  let visitor: { isLoggedIn: boolean; hasSession: boolean; account: PublicAccount | null } | null =
    withCookies ? null : { isLoggedIn: false, hasSession: false, account: null };
  let page: Pick<PageLoadContext, 'publicContext' | 'failure'> | null = null;

  // The token the page's private calls carry: the cookie's, unless it is renewed first.
  let accessToken: string | null = null;
  let settleToken!: (token: string | null) => void;
  const tokenSettled = new Promise<string | null>((resolve) => (settleToken = resolve));
  const resolved = withCookies
    ? resolveAccount(request, reply, {
        uaa: app.uaa,
        refresher: app.refresher,
        config,
        onToken: (token) => settleToken((accessToken = token)),
        renewalBlocked: deps.renewalBlocked,
      })
    : Promise.resolve({ account: null, accessToken: null });
  // A visitor without both cookies has no token; an account call that threw settles on none.
  void resolved.then(
    (r) => settleToken(r.accessToken),
    () => settleToken(null),
  );

  const url = {
    origin: request.shopOrigin,
    host: new URL(request.shopOrigin).host,
    pathname: pagePathname(request.url),
  };
  const dependencies: PageDependencies = {
    visitorReads: 0,
    headerReads: 0,
    privateCalls: 0,
    publicAnswers: [],
  };
  const platformClient = (onCall?: (path: string, version: number | null) => void) =>
    createPlatformClient(platform, {
      cid: request.cid,
      shopOrigin: request.shopOrigin,
      accessToken: () => tokenSettled.then(() => accessToken),
      // A token refused by a service that uaa's account call then renewed: sent once more.
      renewedToken: (sent) =>
        resolved.then(({ accessToken: now }) => (now !== null && now !== sent ? now : null)),
      timeoutMs: config.timeouts.context,
      onCache: (status) => countCache(request, status),
      onCall,
    });
  // Calls that would wait for another's answer, started with the others when remembered.
  const session = cookies.refreshToken ?? '';
  const sawCall = (path: string) => deps.followUps?.saw(session, url.pathname, path);
  const personalPlatform = platformClient(sawCall);
  const pagePlatform = platformClient((path, version) => {
    if (version === null) dependencies.privateCalls += 1;
    else dependencies.publicAnswers.push({ path, version });
    sawCall(path);
  });
  const knownTenant = tenants.get(request.shopOrigin);
  if (withCookies && document) {
    const remembered = deps.followUps?.get(session, url.pathname) ?? {};
    if (knownTenant) {
      personalPlatform.prefetch(bookingPaths.cart(knownTenant));
      if (remembered.personal) personalPlatform.prefetch(remembered.personal);
    }
    const query = new URLSearchParams(request.url.split('?', 2)[1] ?? '');
    if (remembered.page && !query.has('list')) pagePlatform.prefetch(remembered.page);
  }

  const guessedLoggedIn = guessLoggedIn(cookies);
  const { context } = loadVisitorAndContext(guessedLoggedIn, resolved, (isLoggedIn) =>
    loadCmsContext(platform, {
      cid: request.cid,
      isLoggedIn,
      url,
      timeoutMs: config.timeouts.context,
    }),
  );
  const visitorReady = resolved.then(({ account, accessToken: token }) => {
    // Reports of this request name the visitor (section 8: login and e-mail when logged in).
    request.scope.user = account;
    accessToken = token;
    const userAccount = account
      ? { id: account.id, login: account.login, email: account.email }
      : null;
    visitor = { isLoggedIn: account !== null, hasSession: token !== null, account: userAccount };
  });
  const ready = Promise.all([visitorReady, context]).then(([, { result }]) => {
    page = pageOf(request, result, url);
    if (result.kind === 'ok' && page.failure === null)
      tenants.learn(request.shopOrigin, result.context.tenant.id);
  });
  // Whoever awaits them sees a failure (a 500, as before); unawaited, it is no crash.
  visitorReady.catch(() => undefined);
  ready.catch(() => undefined);

  const base = {
    cid: request.cid,
    nonce: deps.nonce,
    document,
    ready,
    visitorReady,
    guessedLoggedIn,
    visitor: () => {
      if (visitor === null) throw new PageContextPending('the visitor is read before uaa answered');
      return visitor;
    },
    dependencies,
    redirectAllowedHosts: config.redirectAllowedHosts,
    limit: (bucket: PageLimit) => app.limits.take(bucket, request),
    pageProof: pageProofOf(config),
    reportError: (error: unknown) => {
      request.log.error({ err: error }, 'render error');
      return app.reporter.exception(error, request.scope);
    },
    eventId: () => request.scope.eventId,
    reporting: {
      server: app.reporter.enabled,
      browser: Boolean(config.sentryPublicDsn),
      publicDsn: config.sentryPublicDsn ?? null,
    },
    socialProviders: app.social.registry.list(),
    devMailbox: config.devMailbox,
    session: {
      signIn: async (email: string, password: string) => {
        const outcome = await passwordSignIn(
          request,
          reply,
          { uaa: app.uaa, config },
          {
            email,
            password,
          },
        );
        return outcome.kind === 'ok'
          ? { ok: true as const }
          : { ok: false as const, status: outcome.status, message: outcome.message };
      },
      signOut: () => signOut(request, reply, { uaa: app.uaa, config }),
      startSocial: async (providerId: string, returnTo: string) => {
        const outcome = await startSocialSignIn(request, reply, app.social, {
          providerId,
          returnTo,
        });
        return outcome.kind === 'redirect'
          ? { ok: true as const, url: outcome.url }
          : { ok: false as const, code: outcome.code };
      },
    },
    reportSectionFailure: (section: string, error: unknown) =>
      sectionFailed(request, section, error),
    ensureSession: async () => {
      await visitorReady;
      if (accessToken) return { ok: true as const };
      // Counted where a guest session is made, whatever cookies came: a junk one is no session
      // (issue #27 item 6, ADR 0249).
      const allowed = await app.limits.take('guest', request);
      if (!allowed.ok) return { ok: false as const, retryAfter: allowed.retryAfter };
      const guest = await app.uaa.guest({ cid: request.cid, shopOrigin: request.shopOrigin });
      if (guest.kind !== 'ok') {
        request.log.warn({ result: guest.kind }, 'could not start a guest session');
        return { ok: false as const, retryAfter: null };
      }
      setTokenCookies(reply, guest.pair, config);
      accessToken = guest.pair.access_token;
      return { ok: true as const };
    },
    platform: pagePlatform,
    personalPlatform,
  };
  return withVisitor(base, () => {
    if (page === null) throw new PageContextPending('the page context is read before it is ready');
    return page;
  });
}

/** What a context answer makes of the page: its public context, or the failure it shows. */
function pageOf(
  request: FastifyRequest,
  result: CmsContextResult,
  url: PublicContext['url'],
): Pick<PageLoadContext, 'publicContext' | 'failure'> {
  if (result.kind === 'failed') {
    request.log.error(
      { upstreamStatus: result.status, statusText: result.statusText },
      `context not returned: ${result.statusText}`,
    );
    return { publicContext: null, failure: { status: result.timedOut ? 504 : 502, message: null } };
  }
  const { context } = result;
  request.scope.tenant = context.tenant.id;
  const siteError = context.page?.siteError?.message
    ? { message: context.page.siteError.message }
    : null;
  return {
    publicContext: { cid: request.cid, tenant: context.tenant, url, page: { siteError } },
    failure: siteError
      ? { status: siteErrorStatus(result.status), message: siteError.message }
      : null,
  };
}

/**
 * The visitor's fields as getters that count their reads (PageDependencies), and the page's
 * context fields, readable once `ready` has resolved.
 */
function withVisitor(
  context: Omit<
    PageLoadContext,
    'isLoggedIn' | 'hasSession' | 'account' | 'publicContext' | 'failure'
  >,
  page: () => Pick<PageLoadContext, 'publicContext' | 'failure'>,
): PageLoadContext {
  const read = <K extends 'isLoggedIn' | 'hasSession' | 'account'>(key: K) => ({
    enumerable: true,
    get: () => {
      const value = context.visitor()[key];
      context.dependencies.visitorReads += 1;
      return value;
    },
  });
  return Object.defineProperties(context, {
    isLoggedIn: read('isLoggedIn'),
    hasSession: read('hasSession'),
    account: read('account'),
    publicContext: { enumerable: true, get: () => page().publicContext },
    failure: { enumerable: true, get: () => page().failure },
  }) as PageLoadContext;
}

/**
 * A site error is a 503 (the shop is closed, say), unless the context came with 421 Misdirected
 * Request: no shop is configured for this host, which is the visitor's request, not an outage
 * (issue #12 item 6, docs/decisions/0126).
 */
function siteErrorStatus(contextStatus: number): PageFailure['status'] {
  return contextStatus === 421 ? 421 : 503;
}

/** The page's path: React Router data requests (`/x.data`) stand for the page `/x`. */
export function pagePathname(rawUrl: string): string {
  const pathname = rawUrl.split('?')[0] ?? '/';
  if (pathname === '/_root.data') return '/';
  return pathname.endsWith('.data') ? pathname.slice(0, -'.data'.length) : pathname;
}
