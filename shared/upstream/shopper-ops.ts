import { z } from 'zod';
import type { UpstreamOperation } from './operation';
import type { service } from './define';

// What the commerce services' declarations share: a signed-in shopper's own data by default.
export const Id = (name: string) => z.object({ [name]: z.string().min(1).max(100) });
export const IDEMPOTENCY = [
  {
    name: 'Idempotency-Key',
    description: 'The order form’s key: a repeated request answers the first order (200)',
  },
];
/** The key of a form that adds to the cart (docs/decisions/0328). */
export const FILL_IDEMPOTENCY = [
  {
    name: 'Idempotency-Key',
    description:
      'The form’s key: the same request again adds nothing and answers as the first (Idempotent-Replayed: true)',
  },
];
export type Op = Parameters<typeof service>[1][number];
export const mine = (
  op: Omit<Op, 'auth' | 'callers'> & Partial<Pick<Op, 'auth' | 'callers'>>,
): Op => ({
  callers: ['page'],
  auth: 'account',
  ...op,
});

/** list, add, replace, remove of one of the shopper's collections (addresses, cards). */
export function collection(
  path: string,
  what: string,
  schemas: { list: z.ZodType; item: z.ZodType; input: z.ZodType; update?: z.ZodType },
  screens: {
    required: UpstreamOperation['requiredFor'];
    optional: UpstreamOperation['requiredFor'];
  },
): Op[] {
  const one = `${path}/{id}`;
  return [
    mine({
      method: 'GET',
      path,
      summary: `The shopper’s ${what}s`,
      answers: { 200: schemas.list },
      requiredFor: screens.required,
      optionalFor: screens.optional,
    }),
    mine({
      method: 'POST',
      path,
      summary: `Add a ${what}`,
      body: schemas.input,
      answers: { 201: schemas.item },
      requiredFor: screens.required,
    }),
    mine({
      method: 'PUT',
      path: one,
      summary: `Replace a ${what}`,
      params: Id('id'),
      body: schemas.update ?? schemas.input,
      answers: { 200: schemas.item },
      errors: [404],
      requiredFor: screens.required,
    }),
    mine({
      method: 'DELETE',
      path: one,
      summary: `Delete a ${what}`,
      params: Id('id'),
      answers: { 204: null },
      errors: [404],
      requiredFor: screens.required,
    }),
  ];
}
