import type { IncomingHttpHeaders } from 'node:http';
import { util } from 'undici';
import { describe, expect, it } from 'vitest';
import type { HeaderPairs } from '../upstream/header-pairs';
import { directAnswerHeaders } from './answer-headers';
import { downstreamHeaders } from './headers';
import { withPublicPolicy } from './public-answers';

const own: HeaderPairs = [
  'x-frame-options',
  'DENY',
  'x-content-type-options',
  'nosniff',
  'x-correlation-id',
  'cid-1',
];
const raw = (...pairs: string[]) => pairs.map((part) => Buffer.from(part, 'latin1'));

// The same answer through the object path the route and error answers take: parsed, filtered,
// public policy, then the gateway's own headers but those the upstream sets.
function throughObjects(
  headers: Buffer[],
  credentialed: boolean,
  cachePolicy: string | null,
): Record<string, string[]> {
  const downstream = downstreamHeaders(
    util.parseHeaders(headers) as IncomingHttpHeaders,
    credentialed,
  );
  const browser = cachePolicy ? withPublicPolicy(downstream, cachePolicy) : downstream;
  const out: Record<string, string[]> = {};
  for (let i = 0; i < own.length; i += 2)
    if (browser[own[i] as string] === undefined) out[own[i] as string] = [String(own[i + 1])];
  for (const [name, value] of Object.entries(browser))
    out[name] = ([] as string[]).concat(value as string | string[]);
  return out;
}

function grouped(pairs: HeaderPairs): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (let i = 0; i < pairs.length; i += 2)
    (out[pairs[i] as string] ??= []).push(String(pairs[i + 1]));
  return out;
}

const cases: [string, Buffer[], boolean, string | null][] = [
  [
    'a personal JSON answer',
    raw('Content-Type', 'application/json', 'Content-Length', '2', 'Cache-Control', 'max-age=60'),
    true,
    null,
  ],
  [
    'a public picture, credentialed',
    raw('content-type', 'image/webp', 'cache-control', 'public, max-age=3600'),
    true,
    null,
  ],
  [
    'a picture that varies',
    raw('content-type', 'image/webp', 'cache-control', 'public', 'vary', 'accept'),
    true,
    null,
  ],
  [
    'a public answer without a policy',
    raw('content-type', 'application/json'),
    false,
    'public, max-age=60',
  ],
  [
    'a public answer with its own policy',
    raw('content-type', 'application/json', 'cache-control', 'no-cache'),
    false,
    'public, max-age=60',
  ],
  [
    'hop-by-hop, cookies, CORS and a spoofed CID',
    raw(
      'Connection',
      'keep-alive, X-Hop',
      'X-Hop',
      '1',
      'Keep-Alive',
      'timeout=5',
      'Set-Cookie',
      'a=1',
      'Set-Cookie',
      'b=2',
      'Proxy-Authenticate',
      'Basic',
      'Access-Control-Allow-Origin',
      '*',
      'X-Correlation-ID',
      'spoofed',
      'Transfer-Encoding',
      'chunked',
      'ETag',
      '"v1"',
    ),
    true,
    null,
  ],
  [
    'the upstream sets a security header itself',
    raw('X-Frame-Options', 'SAMEORIGIN', 'content-type', 'text/plain'),
    false,
    null,
  ],
  [
    'two policies, credentialed',
    raw('cache-control', 'public', 'cache-control', 'max-age=9', 'content-type', 'text/html'),
    true,
    null,
  ],
  [
    'repeated headers',
    raw('link', '</a>; rel=preload', 'link', '</b>; rel=preload', 'content-type', 'text/plain'),
    false,
    null,
  ],
];

describe('directAnswerHeaders', () => {
  it.each(cases)(
    '%s: the headers the object path gives',
    (_name, headers, credentialed, policy) => {
      expect(grouped(directAnswerHeaders(headers, own, credentialed, policy))).toEqual(
        throughObjects(headers, credentialed, policy),
      );
    },
  );

  it('sends a personal answer with one private policy', () => {
    const out = grouped(directAnswerHeaders(cases[7]![1], own, true, null));
    expect(out['cache-control']).toEqual(['private, no-store']);
  });

  it("passes a header's bytes through as the upstream sent them", () => {
    const filename = Buffer.from('attachment; filename="café.pdf"', 'utf8');
    const out = directAnswerHeaders(
      [Buffer.from('Content-Disposition'), filename],
      [],
      false,
      null,
    );
    expect(Buffer.from(String(out[1]), 'latin1')).toEqual(filename);
  });
});
