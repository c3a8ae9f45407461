import { probeServices } from '../components/diagnostics/blink-probe.server';
import type { Route } from './+types/blink-test-services';

// GET /blink-test/services: the statuses of the proxied services as the gateway sees them, for
// the /blink-test page's script (ADR 0273). Each request costs one platform call per service, so
// it takes from a budget per client address (the page asks once per visit).
export async function loader({ context }: Route.LoaderArgs) {
  const noStore = { 'cache-control': 'no-store' };
  const allowed = await context.limit('probe');
  if (!allowed.ok)
    return Response.json(
      {
        error: {
          code: 'rate_limited',
          message: `Too many checks from your address; try again in ${allowed.retryAfter} s`,
          cid: context.cid,
        },
      },
      { status: 429, headers: { ...noStore, 'retry-after': String(allowed.retryAfter) } },
    );
  await context.ready;
  // Without the shop's context (the CMS failed) booking-ms is still asked: a 404 shows it answers.
  const tenantId = context.publicContext?.tenant.id ?? 'unknown';
  return Response.json(await probeServices(context.platform, tenantId), { headers: noStore });
}
