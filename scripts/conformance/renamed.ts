import { fits, type ContractOperation, type JsonSchema } from './validate';

// An optional field under another name (docs/decisions/0351). The contract lets an optional field
// be absent and allows fields it does not name, so uaa's account as `{ mail: … }` passes its schema
// while the shop shows no e-mail. Every field the contract names is one its callers read (its
// answers are described as the gateway reads them), so the kit warns when, in one object of an
// answer, a named field is absent while a field the contract does not name is there whose name
// looks like it and whose value the named field would take. A warning, not a failure: the answer
// is one the contract allows, and names alike may be a coincidence.
type Json = Record<string, unknown>;
type Found = { path: string; known: string; other: string };

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Lower case, letters and digits only: `first_name`, `FirstName` and `firstName` are one name. */
const normal = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Edits (a letter put in, left out or changed) from one name to the other. */
function edits(a: string, b: string): number {
  let above = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(
        above[j]! + 1,
        row[j - 1]! + 1,
        above[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    above = row;
  }
  return above[b.length]!;
}

/**
 * The other name looks like the contract's: the same but for case and separators (`first_name`),
 * two letters apart at most (`mail`, `adress`), or the contract's name with more before or after
 * (`emailAddress`, `userEmail`). Not the other way round: a search echoing `query` has not renamed
 * its `correctedQuery`, and a `tenantId` is no account's `id`.
 */
function alike(known: string, other: string): boolean {
  const [a, b] = [normal(known), normal(other)];
  if (a === b) return true;
  if (a.length >= 4 && b.length >= 4 && edits(a, b) <= 2) return true;
  return a.length >= 3 && (b.startsWith(a) || b.endsWith(a));
}

/**
 * The schema the value is read by: of a union (a nullable object, the CMS's kinds of block), the
 * valid branch naming most of the value's fields.
 */
function branchOf(schema: JsonSchema, value: unknown): JsonSchema | undefined {
  const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (!union) return schema;
  const named = (branch: JsonSchema) =>
    isObject(value) ? Object.keys(isObject(branch.properties) ? branch.properties : {}) : [];
  const present = (branch: JsonSchema) =>
    named(branch).filter((key) => Object.hasOwn(value as Json, key)).length;
  return union.filter((branch) => fits(branch, value)).sort((x, y) => present(y) - present(x))[0];
}

function walk(schema: JsonSchema, value: unknown, path: string, found: Found[]): void {
  const read = branchOf(schema, value);
  if (!read) return;
  if (Array.isArray(value)) {
    if (isObject(read.items))
      value.forEach((item, i) => walk(read.items as JsonSchema, item, `${path}/${i}`, found));
    return;
  }
  // Only objects of named fields: a map (`additionalProperties` alone) has no names to miss.
  if (!isObject(value) || !isObject(read.properties)) return;
  const properties = read.properties as Record<string, JsonSchema>;
  const others = Object.keys(value).filter((key) => !Object.hasOwn(properties, key));
  for (const [known, schemaOf] of Object.entries(properties)) {
    if (Object.hasOwn(value, known)) {
      walk(schemaOf, value[known], `${path}/${known}`, found);
      continue;
    }
    const other = others.find((key) => alike(known, key) && fits(schemaOf, value[key]));
    if (other) found.push({ path, known, other });
  }
}

const READERS: Record<string, string> = {
  gateway: 'the gateway',
  page: 'the pages',
  browser: 'the browser',
};

/**
 * Fields of an answer that look renamed: a named field absent, an unnamed one alike in its place.
 * One line per place in the answer (the first of a list's items stands for the others).
 */
export function renamedFields(op: ContractOperation, status: number, text: string): string[] {
  let schema = op.responses[String(status)]?.content?.['application/json']?.schema;
  let body: unknown;
  let prefix = '';
  try {
    body = JSON.parse(text);
    // A JSON string carrying the object (the page context, specification section 7, call 1).
    if (schema?.contentMediaType === 'application/json') {
      [schema, body, prefix] = [
        schema.contentSchema as JsonSchema,
        JSON.parse(body as string),
        '(in the string) ',
      ];
    }
  } catch {
    return [];
  }
  if (!schema) return [];
  const found: Found[] = [];
  walk(schema, body, '', found);
  const readers = op.callers.map((caller) => READERS[caller] ?? caller).join(' and ') || 'the shop';
  const lines = found.map(
    ({ path, known, other }) =>
      `${prefix}${path || '(body)'} has ${other}, which the contract does not name, and no ${known}, read by ${readers}: ${known} renamed? (optional, so the shop goes without it)`,
  );
  // A list's items are one place: /items/0 and /items/1 say the same.
  const place = (line: string) => line.replace(/\/\d+(?=\/| )/g, '/*');
  return lines.filter((line, i) => lines.findIndex((l) => place(l) === place(line)) === i);
}
