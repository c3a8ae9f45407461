import {
  HttpError,
  isDataException,
  isTransactionConflict,
  methodRefusal,
  TRANSACTION_CONFLICT,
  validationFailure,
} from '../../http/errors';
import type { ServiceApp } from '../service';

// uaa speaks OAuth-style errors, { error, error_description } (shared/contracts/uaa.ts UaaError),
// unlike the other services' { error: { code, message, cid } }; the cid is added here too. Codes the gateway acts on:
// invalid_grant (refresh token spent, expired or revoked) and invalid_token (access token bad).
const OAUTH_CODES: Record<string, string> = {
  bad_request: 'invalid_request',
  unauthorized: 'invalid_token',
};

export const invalidGrant = (description: string) =>
  new HttpError(401, 'invalid_grant', description);
export const invalidToken = (description: string) =>
  new HttpError(401, 'invalid_token', description);

export function registerUaaErrors(app: ServiceApp): void {
  app.setErrorHandler((thrown, request, reply) => {
    const error = validationFailure(thrown);
    if (error instanceof HttpError) {
      if ('retryAfter' in error && typeof error.retryAfter === 'number')
        void reply.header('retry-after', String(error.retryAfter));
      return reply.status(error.statusCode).send({
        error: OAUTH_CODES[error.code] ?? error.code,
        error_description: error.message,
        cid: request.id,
      });
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.status(status).send({
        error: 'invalid_request',
        error_description: (error as Error).message,
        cid: request.id,
      });
    }
    if (isDataException(error)) {
      request.log.warn({ err: error }, 'value refused by the database');
      return reply.status(400).send({
        error: 'invalid_request',
        error_description: 'Invalid value in the request',
        cid: request.id,
      });
    }
    if (isTransactionConflict(error)) {
      request.log.warn({ err: error }, 'transaction conflict');
      return reply
        .status(409)
        .send({ error: 'conflict', error_description: TRANSACTION_CONFLICT, cid: request.id });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ error: 'server_error', error_description: 'Internal error', cid: request.id });
  });
  app.setNotFoundHandler((request, reply) => {
    const refused = methodRefusal(request, reply);
    return reply.send({
      error: refused?.code ?? 'not_found',
      error_description: refused?.message ?? `No route ${request.method} ${request.url}`,
      cid: request.id,
    });
  });
}
