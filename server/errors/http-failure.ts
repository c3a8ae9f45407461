import { STATUS_CODES } from 'node:http';
import { scrubText } from '../../shared/report-scrub';

/**
 * A failed HTTP answer as it is reported: status, its text and the URL; `path`, the call's path
 * as the upstream contract names it (what its report is grouped by), when it differs from the
 * URL's (a service URL with a path prefix).
 */
export type HttpFailure = { status: number; statusText: string; url: string; path?: string };

/** "[status] statusText (url)" (specification section 8), the URL scrubbed of secrets. */
export const httpFailureMessage = ({ status, statusText, url }: HttpFailure) =>
  `[${status}] ${statusText || STATUS_CODES[status] || 'Error'} (${scrubText(url)})`;

// A failed HTTP response the gateway answered itself (the proxy's 502/504), handed to the error
// reporters (server/plugins/errors.ts) so that it is reported as "[status] statusText (url)"
// (specification section 8) rather than as an exception (docs/decisions/0127).
export class HttpFailureError extends Error {
  override name = 'HttpFailureError';
  constructor(
    readonly failure: HttpFailure,
    cause?: unknown,
  ) {
    super(httpFailureMessage(failure), { cause });
  }
}
