import fc from 'fast-check';
import type { RawRequest } from './raw-http';

// Generated HTTP requests for the fuzz suites: request targets built from the real routes with
// their parameters replaced by hostile segments (encodings, dot segments, NUL, overlong), any
// method, headers (Host, Origin, cookies, content types, forwarded headers, random ones), and
// bodies (JSON of any shape, forms, multipart, malformed). Every request is well-framed HTTP/1.1
// (a correct Content-Length, no CR/LF inside a header): what is fuzzed is what the app sees.
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

const pchar = fc.stringMatching(/^[A-Za-z0-9._~!$&'()*+,;=:@-]{0,24}$/);

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

const queryValue = fc.oneof(
  pchar,
  fc.string({ maxLength: 20, unit: 'grapheme' }).map(encodeURIComponent),
  fc.constantFrom('', '%', '%00', '-1', '1e9', 'NaN', '[]', '%5B%5D', 'true'),
  fc.integer({ min: 100, max: 4000 }).map((n) => 'q'.repeat(n)),
);
const queryName = fc.oneof(
  fc.constantFrom('q', 'page', 'pageSize', 'sort', 'returnTo', 'url', 'cid', 'slotId', '__proto__'),
  pchar,
);
const query = fc.oneof(
  { weight: 3, arbitrary: fc.constant('') },
  { weight: 1, arbitrary: fc.constant('?') },
  {
    weight: 4,
    arbitrary: fc
      .array(fc.tuple(queryName, queryValue), { minLength: 1, maxLength: 4 })
      .map((pairs) => `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`),
  },
);

export const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const;
const method = fc.oneof(
  { weight: 8, arbitrary: fc.constant('GET') },
  { weight: 6, arbitrary: fc.constant('POST') },
  { weight: 6, arbitrary: fc.constantFrom('HEAD', 'PUT', 'DELETE', 'PATCH', 'OPTIONS') },
  { weight: 1, arbitrary: fc.constantFrom('TRACE', 'PROPFIND', 'MKCOL', 'PURGE', 'SEARCH') },
);

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

type Body = { contentType: string | null; body: string };

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

/** Cookie values, including the malformed ones that once wedged the proxy. */
const cookieValue = fc.oneof(
  fc.stringMatching(/^[A-Za-z0-9._-]{0,60}$/),
  fc.constantFrom('a%0d%0ab', '%00', '%', '"quoted"', 'eyJhbGciOiJub25lIn0.e30.', '=', ';;', 'a b'),
  fc.string({ maxLength: 20 }).map((s) => s.replace(/[\r\n;\u0000-\u001f\u007f-\uffff]/g, '')),
  fc.integer({ min: 1000, max: 5000 }).map((n) => 't'.repeat(n)),
);
const cookieHeader = fc
  .array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom('access_token', 'refresh_token', 'access_token', 'session', '__Host-x'),
        fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/),
      ),
      cookieValue,
    ),
    { minLength: 1, maxLength: 4 },
  )
  .map((pairs) => pairs.map(([name, value]) => `${name}=${value}`).join('; '));

/** A visible-ASCII header value (no CR/LF: framing is not what is fuzzed). */
const headerValue = fc.oneof(
  fc.stringMatching(/^[\x20-\x7e]{0,80}$/),
  fc.constantFrom('', ' ', '\t', '127.0.0.1', 'https', 'evil.example', '0', '-1', 'null'),
);

/** Headers that frame the message; the generator sets them itself. */
const FRAMING = new Set(['host', 'content-length', 'transfer-encoding', 'connection']);

export type Target = {
  /** Hosts the server serves (its shops), and which Origin goes with each. */
  hosts: readonly string[];
  paths: fc.Arbitrary<string>;
  /** Headers added to every request (e.g. the platform's product headers), may be overridden. */
  extraHeaders?: fc.Arbitrary<[string, string][]>;
};

export function requestArbitrary(target: Target): fc.Arbitrary<RawRequest> {
  const host = fc.oneof(
    { weight: 12, arbitrary: fc.constantFrom(...target.hosts) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'evil.example',
        'localhost:99999',
        'localhost:0',
        '[::1]',
        'a:b@x',
        '',
        '127.0.0.1',
        'xn--nxasmq6b.example',
      ),
    },
  );
  const origin = fc.oneof(
    fc.constant(null),
    fc.constantFrom('http://evil.example', 'null', 'http://localhost'),
    host.map((h) => `http://${h}`),
  );
  const randomHeaders = fc.array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom(
          'accept',
          'accept-language',
          'x-forwarded-for',
          'x-forwarded-host',
          'x-forwarded-proto',
          'x-correlation-id',
          'x-csrf',
          'sec-fetch-site',
          'if-none-match',
          'range',
          'user-agent',
          'authorization',
          'x-domain-origin',
          'idempotency-key',
          'expect',
        ),
        fc
          .stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,20}$/)
          .filter((name) => !FRAMING.has(name.toLowerCase())),
      ),
      headerValue,
    ),
    { maxLength: 4 },
  );
  return fc
    .record({
      method,
      path: target.paths,
      query,
      host,
      twoHosts: fc.integer({ min: 0, max: 19 }).map((n) => n === 0),
      origin,
      csrf: fc.boolean(),
      cookie: fc.option(cookieHeader, { freq: 2 }),
      accept: fc.constantFrom(null, 'text/html', 'application/json', '*/*', 'image/*'),
      acceptEncoding: fc.constantFrom(null, 'gzip', 'br', 'identity', 'gzip, br', '*;q=0'),
      body,
      chunked: fc.boolean(),
      extra: target.extraHeaders ?? fc.constant([] as [string, string][]),
      randomHeaders,
    })
    .map((r): RawRequest => {
      const headers: [string, string][] = [['Host', r.host]];
      if (r.twoHosts) headers.push(['Host', 'evil.example']);
      if (r.origin) headers.push(['Origin', r.origin]);
      if (r.csrf) headers.push(['X-CSRF', '1']);
      if (r.cookie) headers.push(['Cookie', r.cookie]);
      if (r.accept) headers.push(['Accept', r.accept]);
      if (r.acceptEncoding) headers.push(['Accept-Encoding', r.acceptEncoding]);
      headers.push(...r.extra, ...r.randomHeaders);
      // The body: a declared length (or chunks) that matches what is sent.
      let payload: string | undefined;
      if (r.body) {
        if (r.body.contentType) headers.push(['Content-Type', r.body.contentType]);
        const bytes = Buffer.byteLength(r.body.body);
        if (r.chunked && bytes > 0) {
          headers.push(['Transfer-Encoding', 'chunked']);
          payload = `${bytes.toString(16)}\r\n${r.body.body}\r\n0\r\n\r\n`;
        } else {
          headers.push(['Content-Length', String(bytes)]);
          payload = r.body.body;
        }
      }
      headers.push(['Connection', 'close']);
      return { method: r.method, target: r.path + r.query, headers, body: payload };
    });
}
