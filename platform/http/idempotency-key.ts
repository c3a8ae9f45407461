import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors';

// The `Idempotency-Key` request header (docs/decisions/0140, 0328): it names one submission of a
// form (placing an order, a cart filled from a list, a smart cart or a past order), so that the
// same submission sent again is answered without doing it twice.
export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY = /^[\x21-\x7e]{8,128}$/;

/** The request's key, null without one; a malformed key is the client's mistake (400). */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const value = request.headers[IDEMPOTENCY_HEADER];
  if (value === undefined) return null;
  if (typeof value !== 'string' || !KEY.test(value)) {
    throw badRequest('Invalid Idempotency-Key: 8 to 128 visible ASCII characters');
  }
  return value;
}
