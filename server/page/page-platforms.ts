import type { FastifyRequest } from 'fastify';
import { bookingPaths } from '../../shared/contracts/booking-paths';
import { countCache } from '../cache/tally';
import type { Config } from '../config';
import type { Platform } from '../upstream/platform';
import type { FollowUps } from './follow-ups';
import type { PageDependencies } from './page-load-context';
import type { PageToken } from './page-session';
import { createPlatformClient, type PagePlatformClient } from './platform-client';

type Account = { accessToken: string | null };

/**
 * A page's two platform clients: `platform` (its calls counted in the page's dependencies) and
 * `personalPlatform` (the visitor's own). Private calls carry the page's token once settled; a
 * token refused by a service that uaa's account call then renewed is sent once more.
 */
export function pagePlatforms(
  platform: Platform,
  request: FastifyRequest,
  deps: {
    config: Config;
    token: PageToken;
    tokenSettled: Promise<unknown>;
    account: Promise<Account>;
    dependencies: PageDependencies;
    /** Calls that would wait for another's answer, remembered per session and page. */
    sawCall: (path: string) => void;
  },
): { platform: PagePlatformClient; personalPlatform: PagePlatformClient } {
  const { config, token, tokenSettled, account, dependencies, sawCall } = deps;
  const platformClient = (onCall?: (path: string, version: number | null) => void) =>
    createPlatformClient(platform, {
      cid: request.cid,
      shopOrigin: request.shopOrigin,
      accessToken: () => tokenSettled.then(() => token.current),
      renewedToken: (sent) =>
        account.then(({ accessToken: now }) => (now !== null && now !== sent ? now : null)),
      timeoutMs: config.timeouts.context,
      onCache: (status) => countCache(request, status),
      onCall,
    });
  const personalPlatform = platformClient(sawCall);
  const pagePlatform = platformClient((path, version) => {
    if (version === null) dependencies.privateCalls += 1;
    else dependencies.publicAnswers.push({ path, version });
    sawCall(path);
  });
  return { platform: pagePlatform, personalPlatform };
}

/**
 * A session's document starts the calls it will make with the others: the cart of the shop's
 * known tenant and the follow-up calls remembered for this session and page (ADR 0270).
 */
export function prefetchFollowUps(
  request: FastifyRequest,
  clients: { platform: PagePlatformClient; personalPlatform: PagePlatformClient },
  known: { tenant: string | undefined; followUps?: FollowUps; session: string; pathname: string },
): void {
  const remembered = known.followUps?.get(known.session, known.pathname) ?? {};
  if (known.tenant) {
    clients.personalPlatform.prefetch(bookingPaths.cart(known.tenant));
    if (remembered.personal) clients.personalPlatform.prefetch(remembered.personal);
  }
  const query = new URLSearchParams(request.url.split('?', 2)[1] ?? '');
  if (remembered.page && !query.has('list')) clients.platform.prefetch(remembered.page);
}
