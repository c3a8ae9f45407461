import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PublicContext } from '../../shared/contracts/context';
import type { GatewayLoadContext, PageFailure } from '../../shared/load-context';
import { countCache } from '../cache/tally';
import type { Config } from '../config';
import { resolveAccount } from '../session/account';
import { setTokenCookies } from '../session/cookies';
import { passwordSignIn, signOut } from '../session/sign-in';
import { startSocialSignIn } from '../social/flow';
import type { Platform } from '../upstream/platform';
import { loadCmsContext } from './cms-context';
import { createPlatformClient } from './platform-client';
import { sectionFailed } from './section-failures';
import { pageProofOf } from '../request/page-proof';
import type { PageLimit } from '../../shared/load-context';

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

export type PageLoadContext = GatewayLoadContext & { dependencies: PageDependencies };

// The per-page context of specification sections 3, 4, 7 and 8: account (only with both token
// cookies; logged in only with an id; failure → logged out), then the CMS context (no retry; no cid
// → error flag, logged with the upstream status; generic error page 502, or 504 on timeout).
export async function loadPageContext(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  deps: { config: Config; platform: Platform; nonce: string },
): Promise<PageLoadContext> {
  const { config, platform } = deps;
  const resolved = await resolveAccount(request, reply, {
    uaa: app.uaa,
    refresher: app.refresher,
    config,
  });
  const { account } = resolved;
  // Reports of this request name the visitor (section 8: login and e-mail when logged in).
  request.scope.user = account;
  let accessToken = resolved.accessToken;
  const isLoggedIn = account !== null;
  const url = {
    origin: request.shopOrigin,
    host: new URL(request.shopOrigin).host,
    pathname: pagePathname(request.url),
  };
  const hasSession = accessToken !== null;
  const userAccount = account
    ? { id: account.id, login: account.login, email: account.email }
    : null;
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
      accessToken: () => accessToken,
      timeoutMs: config.timeouts.context,
      onCache: (status) => countCache(request, status),
      onCall,
    });
  const base = {
    cid: request.cid,
    nonce: deps.nonce,
    document: !request.url.split('?', 1)[0]!.endsWith('.data'),
    visitor: () => ({ isLoggedIn, hasSession, account: userAccount }),
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
      if (accessToken) return true;
      const guest = await app.uaa.guest({ cid: request.cid, shopOrigin: request.shopOrigin });
      if (guest.kind !== 'ok') {
        request.log.warn({ result: guest.kind }, 'could not start a guest session');
        return false;
      }
      setTokenCookies(reply, guest.pair, config);
      accessToken = guest.pair.access_token;
      return true;
    },
    platform: platformClient((path, version) => {
      if (version === null) dependencies.privateCalls += 1;
      else dependencies.publicAnswers.push({ path, version });
    }),
    personalPlatform: platformClient(),
  };

  const result = await loadCmsContext(platform, {
    cid: request.cid,
    isLoggedIn,
    url,
    timeoutMs: config.timeouts.context,
  });
  if (result.kind === 'failed') {
    request.log.error(
      { upstreamStatus: result.status, statusText: result.statusText },
      `context not returned: ${result.statusText}`,
    );
    return withVisitor({
      ...base,
      publicContext: null,
      failure: { status: result.timedOut ? 504 : 502, message: null },
    });
  }
  const { context } = result;
  request.scope.tenant = context.tenant.id;
  const siteError = context.page?.siteError?.message
    ? { message: context.page.siteError.message }
    : null;
  const publicContext: PublicContext = {
    cid: request.cid,
    tenant: context.tenant,
    url,
    page: { siteError },
  };
  return withVisitor({
    ...base,
    publicContext,
    failure: siteError
      ? { status: siteErrorStatus(result.status), message: siteError.message }
      : null,
  });
}

/** The visitor's fields as getters that count their reads (PageDependencies). */
function withVisitor(
  context: Omit<PageLoadContext, 'isLoggedIn' | 'hasSession' | 'account'>,
): PageLoadContext {
  const read = <K extends 'isLoggedIn' | 'hasSession' | 'account'>(key: K) => ({
    enumerable: true,
    get: () => {
      context.dependencies.visitorReads += 1;
      return context.visitor()[key];
    },
  });
  return Object.defineProperties(context, {
    isLoggedIn: read('isLoggedIn'),
    hasSession: read('hasSession'),
    account: read('account'),
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
