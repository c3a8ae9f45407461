import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

// Answers checked against the upstream contract's schemas (docs/api/upstream.openapi.json) with
// ajv (JSON Schema 2020-12, OpenAPI 3.1's dialect). A JSON-string answer (the context call) is
// parsed and checked against its `contentSchema`.
export type JsonSchema = Record<string, unknown>;
export type ContractOperation = {
  operationId: string;
  method: string;
  path: string;
  required: boolean;
  screens: string[];
  requiredFor: string[];
  /** Who sends it (`x-callers`): the gateway, a page, the browser through the proxy. */
  callers: string[];
  responses: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
  parameters: JsonSchema[];
};
export type Contract = { operations: Map<string, ContractOperation> };

type Responses = ContractOperation['responses'];

/**
 * The responses with each answer's `$ref` (the error answers' `#/components/schemas/Error`)
 * replaced by what it points to in the document: ajv compiles the schemas one by one.
 */
function dereferenced(document: object, responses: Responses): Responses {
  const pointed = (ref: string) =>
    ref
      .slice(2)
      .split('/')
      .reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], document);
  return Object.fromEntries(
    Object.entries(responses).map(([status, answer]) => {
      const json = answer.content?.['application/json'];
      const ref = json?.schema?.$ref;
      if (typeof ref !== 'string' || !ref.startsWith('#/')) return [status, answer];
      const schema = pointed(ref) as JsonSchema;
      return [status, { ...answer, content: { 'application/json': { ...json, schema } } }];
    }),
  );
}

export function readContract(document: {
  paths: Record<string, Record<string, Record<string, unknown>>>;
}): Contract {
  const operations = new Map<string, ContractOperation>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      operations.set(op.operationId as string, {
        operationId: op.operationId as string,
        method: method.toUpperCase(),
        path,
        required: op['x-required'] === true,
        screens: (op['x-screens'] as string[]) ?? [],
        requiredFor: (op['x-required-for'] as string[]) ?? [],
        callers: (op['x-callers'] as string[]) ?? [],
        responses: dereferenced(document, op.responses as Responses),
        parameters: (op.parameters as JsonSchema[]) ?? [],
      });
    }
  }
  return { operations };
}

const ajv = new Ajv2020({ strict: false, allErrors: true });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);
const compiled = new WeakMap<JsonSchema, ReturnType<typeof ajv.compile>>();

function check(schema: JsonSchema, value: unknown): string[] {
  let validate = compiled.get(schema);
  if (!validate) compiled.set(schema, (validate = ajv.compile(schema)));
  if (validate(value)) return [];
  return (validate.errors ?? [])
    .slice(0, 3)
    .map((e) => `${e.instancePath || '(body)'} ${e.message ?? 'is invalid'}`);
}

/** The value is valid under the schema (a branch of a union, a property's own schema). */
export const fits = (schema: JsonSchema, value: unknown) => check(schema, value).length === 0;

/** The success statuses an operation documents. */
export const successStatuses = (op: ContractOperation) =>
  Object.keys(op.responses).filter((s) => /^2/.test(s));

/** Problems of an answer (status, text) against the operation's documented answer; [] when fine. */
export function answerProblems(op: ContractOperation, status: number, text: string): string[] {
  const documented = op.responses[String(status)];
  if (!documented) return [`status ${status} is not documented`];
  const schema = documented.content?.['application/json']?.schema;
  if (!schema) return [];
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return ['the body is not JSON'];
  }
  const problems = check(schema, body);
  if (problems.length || schema.contentMediaType !== 'application/json') return problems;
  // A JSON string carrying the object (specification section 7, call 1).
  try {
    return check(schema.contentSchema as JsonSchema, JSON.parse(body as string)).map(
      (p) => `(in the string) ${p}`,
    );
  } catch {
    return ['the string does not hold JSON'];
  }
}
