import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PageContextPending } from '../../shared/load-context';
import type { PageLimit } from '../../shared/load-context';
import type { Config } from '../config';
import { pageProofOf, requestPageProof } from '../request/page-proof';
import { accessCookieDead } from '../session/access-token';
import { resolveAccount, type PublicAccount } from '../session/account';
import { ACCESS_COOKIE, clearTokenCookies, readTokenCookies } from '../session/cookies';
import { guessLoggedIn } from '../session/login-guess';
import type { Platform } from '../upstream/platform';
import { loadCmsContext } from './cms-context';
import type { FollowUps } from './follow-ups';
import { pageOf, type PageOfContext } from './page-failure';
import { withVisitor, type PageDependencies, type PageLoadContext } from './page-load-context';
import { pagePathname } from './page-path';
import { pagePlatforms, prefetchFollowUps } from './page-platforms';
import { pageEnsureSession, pageSessionActions, type PageToken } from './page-session';
import { sectionFailed } from './section-failures';
import type { ShopTenants } from './shop-tenants';
import { loadVisitorAndContext } from './visitor-context';

export type { PageDependencies, PageLoadContext } from './page-load-context';
export { pagePathname } from './page-path';

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
  // An expired access token with no refresh token can never be renewed: its cookie is cleared,
  // as the proxy clears it, or every page and call sends it again (ADR 0391). A guest session
  // this page makes (ensureSession) sets the cookie again, over the clearing.
  if (!withCookies && accessCookieDead(cookies)) clearTokenCookies(reply, config, [ACCESS_COOKIE]);
  const document = !request.url.split('?', 1)[0]!.endsWith('.data');
  let visitor: { isLoggedIn: boolean; hasSession: boolean; account: PublicAccount | null } | null =
    withCookies ? null : { isLoggedIn: false, hasSession: false, account: null };
  let page: PageOfContext | null = null;

  // The token the page's private calls carry: the cookie's, unless it is renewed first.
  const token: PageToken = { current: null };
  let settleToken!: (token: string | null) => void;
  const tokenSettled = new Promise<string | null>((resolve) => (settleToken = resolve));
  let noteRefused!: () => void;
  const refused = new Promise<void>((resolve) => (noteRefused = resolve));
  const resolved = withCookies
    ? resolveAccount(request, reply, {
        uaa: app.uaa,
        refresher: app.refresher,
        config,
        onToken: (renewed) => settleToken((token.current = renewed)),
        renewalBlocked: deps.renewalBlocked,
        onRefused: () => noteRefused(),
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
    sectionsLeftOut: 0,
    publicAnswers: [],
  };
  // Calls that would wait for another's answer, started with the others when remembered.
  const session = cookies.refreshToken ?? '';
  const clients = pagePlatforms(platform, request, {
    config,
    token,
    tokenSettled,
    account: resolved,
    dependencies,
    sawCall: (path) => deps.followUps?.saw(session, url.pathname, path),
  });
  const knownTenant = tenants.get(request.shopOrigin);
  if (withCookies && document)
    prefetchFollowUps(request, clients, {
      tenant: knownTenant,
      followUps: deps.followUps,
      session,
      pathname: url.pathname,
    });

  const guessedLoggedIn = guessLoggedIn(cookies);
  const { context } = loadVisitorAndContext(
    guessedLoggedIn,
    resolved,
    (isLoggedIn) =>
      loadCmsContext(platform, {
        cid: request.cid,
        isLoggedIn,
        url,
        timeoutMs: config.timeouts.context,
      }),
    refused,
  );
  const visitorReady = resolved.then(({ account, accessToken }) => {
    // Reports of this request name the visitor (section 8: login and e-mail when logged in).
    request.scope.user = account;
    token.current = accessToken;
    const userAccount = account
      ? { id: account.id, login: account.login, email: account.email }
      : null;
    visitor = {
      isLoggedIn: account !== null,
      hasSession: accessToken !== null,
      account: userAccount,
    };
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
    pageProof: requestPageProof(pageProofOf(config), request.headers['x-correlation-id']),
    reportError: renderErrorReporter(app, request),
    eventId: () => request.scope.eventId,
    reporting: {
      server: app.reporter.enabled,
      browser: Boolean(config.sentryPublicDsn),
      publicDsn: config.sentryPublicDsn ?? null,
    },
    socialProviders: app.social.registry.list(),
    devMailbox: config.devMailbox,
    session: pageSessionActions(app, request, reply, {
      config,
      shopFailure: () => ready.then(() => page?.failure ?? null),
    }),
    reportSectionFailure: (section: string, error: unknown) => {
      // A call that never answered is in none of the page's dependencies: counted here, so the
      // page without its section is not kept as a template (ADR 0203).
      dependencies.sectionsLeftOut += 1;
      sectionFailed(request, section, error);
    },
    ensureSession: pageEnsureSession(app, request, reply, { config, visitorReady, token }),
    platform: clients.platform,
    personalPlatform: clients.personalPlatform,
    refreshPublic: (path: string) => clients.platform.refresh(path),
  };
  return withVisitor(base, () => {
    if (page === null) throw new PageContextPending('the page context is read before it is ready');
    return page;
  });
}

/** How a render's error is told: the request's log line, then an error report. */
export function renderErrorReporter(app: FastifyInstance, request: FastifyRequest) {
  return (error: unknown) => {
    request.log.error({ err: error }, 'render error');
    return app.reporter.exception(error, request.scope);
  };
}
