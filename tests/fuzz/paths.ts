import fc from 'fast-check';

// Request targets for the fuzz suites: paths built from the real routes with their parameters
// replaced by hostile segments (encodings, dot segments, NUL, overlong), and query strings.
const WEIRD_SEGMENTS = [
  '.',
  '..',
  '%2e',
  '%2e%2e',
  '%2E.',
  '.%2e',
  '%00',
  '..%00',
  '%2f',
  '%2F..',
  '%5c',
  '..%5c',
  '%',
  '%zz',
  '%c0%ae%c0%ae',
  '%ff%fe',
  '%e2%80%ae',
  '~',
  ';x=1',
  '@',
  ':',
  '*',
  '%0d%0aSet-Cookie:%20x=1',
  '%3Cscript%3E',
  '%22%27',
  'index.html',
  '.env',
  '',
];

export const pchar = fc.stringMatching(/^[A-Za-z0-9._~!$&'()*+,;=:@-]{0,24}$/);

/** One path segment: a plausible value, an encoded arbitrary string, or a hostile one. */
export const segment: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...WEIRD_SEGMENTS) },
  { weight: 3, arbitrary: pchar },
  { weight: 2, arbitrary: fc.string({ maxLength: 30, unit: 'grapheme' }).map(encodeURIComponent) },
  {
    weight: 1,
    arbitrary: fc
      .uint8Array({ maxLength: 12 })
      .map((bytes) => [...bytes].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')),
  },
  { weight: 1, arbitrary: fc.integer({ min: 200, max: 3000 }).map((n) => 'a'.repeat(n)) },
  { weight: 1, arbitrary: fc.constantFrom('1', '0', '-1', '999999999999', 'ord-0', 'prd-0001') },
);

/**
 * Long targets around the gateway's bounds (docs/decisions/0211): one long segment (plain,
 * percent-encoded, of characters a query encodes 3x) or a long tail after any path, up to past the
 * page path limit (4,000) and the target limit (8 KiB), and a long query.
 */
const LONG = [3990, 4000, 4001, 4100, 8000, 8192, 8193, 9000, 12_000];
const filler = fc.constantFrom('a', '%41', "~!$&'()*+,;=:@", '%22', '%e2%80%ae', 'ab/');
const longTail = (path: string, length: number, unit: string) =>
  path +
  '/' +
  unit.repeat(Math.ceil(length / unit.length)).slice(0, Math.max(0, length - path.length - 1));

export function longTargets(paths: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const length = fc.oneof(fc.constantFrom(...LONG), fc.integer({ min: 1000, max: 12_000 }));
  return fc.oneof(
    fc.tuple(paths, length, filler).map(([path, n, unit]) => longTail(path, n, unit)),
    fc
      .tuple(paths, length)
      .map(([path, n]) => `${path}?q=${'q'.repeat(Math.max(0, n - path.length - 3))}`),
  );
}

/** A path from a template (`/orders/{orderId}`): parameters replaced, dot segments and slashes added. */
export function pathFrom(templates: readonly string[]): fc.Arbitrary<string> {
  const fromTemplate = fc
    .tuple(fc.constantFrom(...templates), fc.array(segment, { minLength: 4, maxLength: 4 }))
    .map(([template, values]) => {
      let at = 0;
      return template.replace(/\{[^}]+\}/g, () => values[at++ % values.length]!);
    });
  const mangled = fc
    .tuple(
      fromTemplate,
      fc.constantFrom('', '', '', '/', '//', '/./', '/../', '/%2e%2e/', '///'),
      fc.constantFrom('', '', '', '/', '/..', '/.', '//', '%2f', '/index.html'),
    )
    .map(([path, prefix, suffix]) => (prefix ? prefix + path.slice(1) : path) + suffix);
  const random = fc
    .array(segment, { minLength: 0, maxLength: 6 })
    .map((segments) => `/${segments.join('/')}`);
  return fc.oneof(
    { weight: 4, arbitrary: fromTemplate },
    { weight: 3, arbitrary: mangled },
    { weight: 2, arbitrary: random },
    {
      weight: 1,
      arbitrary: fc.constantFrom('/', '//', '///', '//..%00/', '/./', '/../', '/%2e%2e/%2e%2e/'),
    },
  );
}

export const queryValue = fc.oneof(
  pchar,
  fc.string({ maxLength: 20, unit: 'grapheme' }).map(encodeURIComponent),
  fc.constantFrom('', '%', '%00', '-1', '1e9', 'NaN', '[]', '%5B%5D', 'true'),
  fc.integer({ min: 100, max: 4000 }).map((n) => 'q'.repeat(n)),
);
const queryName = fc.oneof(
  fc.constantFrom(
    'q',
    'page',
    'pageSize',
    'sort',
    'returnTo',
    'url',
    'cid',
    'slotId',
    'paths',
    'version',
    '__proto__',
  ),
  pchar,
);
export const query = fc.oneof(
  { weight: 3, arbitrary: fc.constant('') },
  { weight: 1, arbitrary: fc.constant('?') },
  {
    weight: 4,
    arbitrary: fc
      .array(fc.tuple(queryName, queryValue), { minLength: 1, maxLength: 4 })
      .map((pairs) => `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`),
  },
);
