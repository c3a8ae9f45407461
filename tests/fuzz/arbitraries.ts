import fc from 'fast-check';
import { body, manyFields, type Body } from './bodies';
import { longTargets, query } from './paths';
import type { RawRequest } from './raw-http';

// Generated HTTP requests for the fuzz suites: any method, headers (Host, Origin, cookies, content
// types, forwarded headers, random ones), a path and query (./paths) and a body (./bodies). Every
// request is well-framed HTTP/1.1 (a correct Content-Length, no CR/LF inside a header): what is
// fuzzed is what the app sees.
export { pathFrom } from './paths';

const method = fc.oneof(
  { weight: 8, arbitrary: fc.constant('GET') },
  { weight: 6, arbitrary: fc.constant('POST') },
  { weight: 6, arbitrary: fc.constantFrom('HEAD', 'PUT', 'DELETE', 'PATCH', 'OPTIONS') },
  { weight: 1, arbitrary: fc.constantFrom('TRACE', 'PROPFIND', 'MKCOL', 'PURGE', 'SEARCH') },
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
  /**
   * Also requests at and past the gateway's bounds (docs/decisions/0211): long targets (a long
   * segment or tail, a long query), Hosts of 230-300 and thousands of characters, forms of
   * 1,000 fields and more.
   */
  bounds?: boolean;
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
  // Hosts around 255 characters and of thousands (docs/decisions/0211): a shop's subdomain.
  const longHost = fc
    .tuple(
      fc.constantFrom(...target.hosts),
      fc.oneof(fc.integer({ min: 230, max: 300 }), fc.integer({ min: 1000, max: 8000 })),
    )
    .map(([shop, length]) => `${'a'.repeat(Math.max(1, length - shop.length - 1))}.${shop}`);
  // One request in ~20 of each kind past a bound, when asked for.
  const orPast = <T>(usual: fc.Arbitrary<T>, past: fc.Arbitrary<T>) =>
    target.bounds
      ? fc.oneof({ weight: 20, arbitrary: usual }, { weight: 1, arbitrary: past })
      : usual;
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
      path: orPast(target.paths, longTargets(target.paths)),
      query,
      host: orPast(host, longHost),
      twoHosts: fc.integer({ min: 0, max: 19 }).map((n) => n === 0),
      origin,
      csrf: fc.boolean(),
      cookie: fc.option(cookieHeader, { freq: 2 }),
      accept: fc.constantFrom(null, 'text/html', 'application/json', '*/*', 'image/*'),
      acceptEncoding: fc.constantFrom(null, 'gzip', 'br', 'identity', 'gzip, br', '*;q=0'),
      body: orPast<Body | null>(body, manyFields),
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
