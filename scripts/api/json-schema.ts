import type { z } from 'zod';
import { jsonSchema, type JsonSchema } from '../../shared/json-schema';

// zod → JSON Schema for the gateway's documents: a request as the gateway sends it (output side of
// its schemas), an answer as the gateway reads it (input side: what an upstream must send).
export { jsonSchema, type JsonSchema };

/** OpenAPI parameters of a zod object (path or query). */
export function parametersOf(
  where: 'path' | 'query',
  schema: z.ZodObject | undefined,
): JsonSchema[] {
  if (!schema) return [];
  const json = jsonSchema(schema, 'output');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: property,
  }));
}
