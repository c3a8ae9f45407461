import type { FastifySchemaValidationError } from 'fastify/types/schema';

/**
 * A route's `schemaErrorFormatter`: its refused input as `Invalid <what>: <field>: <message>`
 * (a field-less issue is named by the part, `body`), the message the error plugin answers.
 */
export function invalidInput(what: string) {
  return (errors: FastifySchemaValidationError[], part: string): Error => {
    const detail = errors
      .map((e) => `${e.instancePath.split('/').filter(Boolean).join('.') || part}: ${e.message}`)
      .join('; ');
    return new Error(`Invalid ${what}: ${detail}`);
  };
}
