import { changesStateOnGet } from '../request/csrf';
import { routePathOf } from '../request/target';
import { publicAnswerPolicy } from './public-answers';
import { resolveTarget, type ProxiedService } from './services';
import { refusedLikeReplyFrom } from './stream-exchange';

/** What the proxy's fast path takes from a read's URL alone (ADR 0207). */
export type ReadPlan = {
  service: ProxiedService;
  /** The upstream's path and query, after its origin (the target, already checked). */
  path: string;
  /** The cache policy of a GET whose answer is public (ADR 0155), or null. */
  publicPolicy: string | null;
};

// At most this many URLs of at most this length are remembered (~1 MB with their plans).
const MAX_PLANS = 1_024;
const MAX_URL_LENGTH = 256;

/**
 * The fast path's checks of a read's URL, in the order it ran them: the service and path
 * (`resolveTarget`, the proxy route's), no state change on GET, reply-from's `..` refusal, and
 * the public-answer policy. Null: Fastify's path must answer it. A pure function of the URL, so
 * the answer is remembered (the same URLs come again and again: a shop's catalogue reads); the
 * whole memory is dropped when full. Together the checks were ~3 % of a proxied read's CPU
 * (docs/decisions/0201).
 */
export function readPlans(
  platformUrl: string,
  /** The platform's origin (every target starts with it). */
  origin: string,
): (url: string) => ReadPlan | null {
  const plans = new Map<string, ReadPlan | null>();
  return (url) => {
    let plan = plans.get(url);
    if (plan === undefined) {
      plan = readPlanOf(url, platformUrl, origin);
      if (url.length <= MAX_URL_LENGTH) {
        if (plans.size >= MAX_PLANS) plans.clear();
        plans.set(url, plan);
      }
    }
    return plan;
  };
}

/** The checks themselves, for one URL (what `readPlans` remembers). */
export function readPlanOf(url: string, platformUrl: string, origin: string): ReadPlan | null {
  const target = resolveTarget(url, platformUrl);
  if (!target.ok) return null;
  const routePath = routePathOf(url);
  if (routePath === null || changesStateOnGet(routePath)) return null;
  const path = target.url.slice(origin.length);
  if (refusedLikeReplyFrom(path)) return null;
  return {
    service: target.service,
    path,
    publicPolicy: publicAnswerPolicy('GET', target.url),
  };
}
