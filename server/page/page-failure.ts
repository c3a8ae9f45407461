import type { FastifyRequest } from 'fastify';
import type { PublicContext } from '../../shared/contracts/context';
import type { GatewayLoadContext, PageFailure } from '../../shared/load-context';
import type { CmsContextResult } from './cms-context';

export type PageOfContext = Pick<GatewayLoadContext, 'publicContext' | 'failure'>;

/** What a context answer makes of the page: its public context, or the failure it shows. */
export function pageOf(
  request: FastifyRequest,
  result: CmsContextResult,
  url: PublicContext['url'],
): PageOfContext {
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
 * A site error is a 503 (the shop is closed, say), unless the context came with 421 Misdirected
 * Request: no shop is configured for this host, which is the visitor's request, not an outage
 * (issue #12 item 6, docs/decisions/0126).
 */
function siteErrorStatus(contextStatus: number): PageFailure['status'] {
  return contextStatus === 421 ? 421 : 503;
}
