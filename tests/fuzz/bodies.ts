import fc from 'fast-check';
import { pchar, queryValue } from './paths';

// Request bodies for the fuzz suites: JSON of any shape, forms, multipart, malformed ones.
const jsonShaped = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.record(
    {
      email: fc.oneof(fc.emailAddress(), fc.string(), fc.integer()),
      password: fc.oneof(fc.string(), fc.constant(null)),
      offeringId: fc.oneof(fc.string(), fc.constant('off-fresh-prd-0001')),
      quantity: fc.oneof(fc.integer(), fc.double(), fc.string()),
      byCase: fc.oneof(fc.boolean(), fc.string()),
      name: fc.string({ maxLength: 300 }),
      items: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
      slotId: fc.string(),
      refresh_token: fc.string(),
    },
    { requiredKeys: [] },
  ),
);

export type Body = { contentType: string | null; body: string };

const formBody = fc
  .array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom('intent', 'email', 'password', 'returnTo', 'offeringId', 'quantity'),
        pchar,
      ),
      fc.oneof(fc.string({ maxLength: 40 }), queryValue),
    ),
    { maxLength: 6 },
  )
  .map((pairs) => new URLSearchParams(pairs).toString());

const multipart = fc
  .tuple(fc.array(fc.tuple(pchar, fc.string({ maxLength: 40 })), { maxLength: 3 }), fc.boolean())
  .map(([fields, wellFormed]): Body => {
    const parts = fields.map(
      ([name, value]) =>
        `--xBOUNDARYx\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    );
    return {
      contentType: 'multipart/form-data; boundary=xBOUNDARYx',
      body: wellFormed ? `${parts.join('')}--xBOUNDARYx--\r\n` : parts.join('').slice(0, 30),
    };
  });

/**
 * Forms of many fields (docs/decisions/0211): around the 1,000-field limit, and ~180,000 fields in
 * under 1 MiB (one name, new names, multipart parts). Built once: every request shares the strings.
 */
const fields = (count: number, field: (i: number) => string) =>
  Array.from({ length: count }, (_, i) => field(i)).join('&');
const MANY_FIELDS: Body[] = [
  ...[999, 1000, 1001, 5000].map((count) => fields(count, (i) => `f${i}=${i}`)),
  fields(180_000, () => 'a=1'),
  fields(180_000, (i) => i.toString(36)),
].map((text) => ({ contentType: 'application/x-www-form-urlencoded', body: text }));
const MANY_PARTS: Body[] = [1000, 1001, 15_000].map((count) => ({
  contentType: 'multipart/form-data; boundary=xMANYx',
  body: `${'--xMANYx\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n'.repeat(count)}--xMANYx--\r\n`,
}));
export const manyFields: fc.Arbitrary<Body> = fc.constantFrom(...MANY_FIELDS, ...MANY_PARTS);

export const body: fc.Arbitrary<Body | null> = fc.oneof(
  { weight: 5, arbitrary: fc.constant(null) },
  {
    weight: 4,
    arbitrary: jsonShaped.map((value) => ({
      contentType: 'application/json',
      body: JSON.stringify(value) ?? 'null',
    })),
  },
  {
    weight: 3,
    arbitrary: formBody.map((text) => ({
      contentType: 'application/x-www-form-urlencoded',
      body: text,
    })),
  },
  { weight: 2, arbitrary: multipart },
  {
    weight: 2,
    arbitrary: fc.record({
      contentType: fc.constantFrom(
        'application/json',
        'application/json; charset=utf-16',
        'text/plain',
        'application/xml',
        'application/x-www-form-urlencoded',
        'multipart/form-data',
        'multipart/form-data; boundary=',
        'application/octet-stream',
        '*/*',
        'garbage',
        null,
      ),
      body: fc.oneof(
        fc.constantFrom('', '{', '{"a":', '[', 'null', '"', '\u0000', '{"__proto__":{"x":1}}'),
        fc.string({ maxLength: 200 }),
        fc.integer({ min: 1000, max: 70_000 }).map((n) => 'x'.repeat(n)),
      ),
    }),
  },
);
