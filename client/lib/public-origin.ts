import type { PublicContext } from '../../shared/contracts/context';
import type { GatewayLoadContext } from '../../shared/load-context';

// The origin a shop's canonical links, `og:url`, JSON-LD, sitemap and robots.txt name: the shop's
// configured public origin, as its context names it (`tenant.origin`), never the request's Host,
// which a visitor chooses (issue #27 item 12, docs/decisions/0272). An upstream that names none
// leaves the page's own origin, whose port the gateway has already checked.
export function publicOrigin(context: Pick<PublicContext, 'tenant' | 'url'>): string {
  const configured = context.tenant.origin;
  if (configured && URL.canParse(configured)) {
    const url = new URL(configured);
    if (url.protocol === 'https:' || url.protocol === 'http:') return url.origin;
  }
  return context.url.origin;
}

/**
 * A resource route's shop origin once the page context is in, or the answer for a context that
 * failed (an unknown shop, an outage), which the gateway puts in its error shape.
 */
export async function resourceOrigin(
  context: Pick<GatewayLoadContext, 'ready' | 'publicContext' | 'failure'>,
): Promise<{ origin: string } | { failed: Response }> {
  await context.ready;
  const shop = context.publicContext;
  if (!shop || context.failure)
    return {
      failed: Response.json(
        { message: context.failure?.message ?? null },
        { status: context.failure?.status ?? 502 },
      ),
    };
  return { origin: publicOrigin(shop) };
}
