import { httpFailureMessage, type HttpFailure } from '../error-reporting';

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
