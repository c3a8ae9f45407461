import { z } from 'zod';
import { isAddressOrRange } from '../../shared/address-range';
import { emptyAsUnset } from '../../shared/env-numbers';

// Parsers of values several settings share.

// An empty number is as unset (../../shared/env-numbers.ts), as for unlessEmpty below.
export { listeningPort, wholeNumber } from '../../shared/env-numbers';

/** Milliseconds, positive, at most ten minutes. */
export const duration = (fallback: number) =>
  z.preprocess(emptyAsUnset, z.coerce.number().int().positive().max(600_000).default(fallback));

/** A comma-separated list, trimmed, empty items dropped. */
export const commaList = (item: (value: string) => string = (value) => value) =>
  z.string().transform((value) =>
    value
      .split(',')
      .map((s) => item(s.trim()))
      .filter(Boolean),
  );

/** IP addresses or CIDR ranges, comma-separated (../../shared/address-range.ts says why by value). */
export const cidrList = commaList().pipe(
  z.array(
    z
      .string()
      .refine(isAddressOrRange, 'must be a comma-separated list of IP addresses or CIDR ranges'),
  ),
);

/** An http(s) URL. */
export const httpUrl = () => z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

/** An optional setting that an empty value also leaves out. */
export const unlessEmpty = <T extends z.ZodType>(value: T) =>
  value.optional().or(z.literal('').transform(() => undefined));

/** `true` or `false`. */
export const trueOrFalse = (fallback: 'true' | 'false') =>
  z
    .enum(['true', 'false'])
    .default(fallback)
    .transform((v) => v === 'true');

/**
 * The placeholders of deploy/k8s/secrets.yaml (`change-me-…`) are public: a gateway started with
 * one would sign proofs or accept purges anybody can make (ADR 0360).
 */
const PLACEHOLDER = /^change-?me/i;
const notPlaceholder = <T extends z.ZodString>(schema: T) =>
  schema.refine((value) => !PLACEHOLDER.test(value), {
    error: 'is a placeholder of deploy/k8s/secrets.yaml (change-me-…): set a secret of your own',
  });

/** A secret key shared by every replica. */
export const secret = () => notPlaceholder(z.string().min(32, 'must be at least 32 characters'));

/** A shared token (an operator's, sent by a script): at least `min` characters, not a placeholder. */
export const token = (min: number) =>
  notPlaceholder(z.string().min(min, `must be at least ${min} characters`));
