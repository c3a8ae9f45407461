import { z } from 'zod';

// zod → JSON Schema 2020-12 for the OpenAPI documents (the platform's own, and the gateway's and
// upstream contract's under docs/api/): a request as a client sends it (`input`), or an answer as
// it is sent (`output`). What zod cannot represent becomes "any".
export type JsonSchema = Record<string, unknown>;

export function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}
