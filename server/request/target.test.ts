import { describe, expect, it } from 'vitest';
import {
  HOST_LIMIT,
  PAGE_PATH_LIMIT,
  PAGE_SEGMENT_LIMIT,
  TARGET_LIMIT,
  targetFormProblem,
  hostHeaderCount,
  hostProblem,
  pageTargetProblem,
  targetProblem,
} from './target';

describe('hostProblem', () => {
  it('answers the same for a host it has seen, and never remembers a bad one', () => {
    for (let time = 0; time < 2; time++) {
      expect(hostProblem('shop.example:8080')).toBeNull();
      expect(hostProblem(undefined)).toBe('missing Host header');
      expect(hostProblem('bad host')).toBe('malformed Host header');
      expect(hostProblem('shop.example:70000')).toBe('port out of range');
    }
  });

  it('stays right past the hosts it remembers (64)', () => {
    for (let i = 0; i < 200; i++) expect(hostProblem(`shop-${i}.example`)).toBeNull();
    expect(hostProblem('shop-1.example:0')).toBe('port out of range');
    expect(hostProblem('shop-1.example')).toBeNull();
  });
});

describe('hostHeaderCount', () => {
  it('counts Host headers whatever their case', () => {
    expect(hostHeaderCount(['Host', 'a', 'accept', '*/*', 'HOST', 'b', 'hOsT', 'c'])).toBe(3);
    expect(hostHeaderCount(['accept', 'host', 'hosts', 'x'])).toBe(0);
  });
});

describe('hostProblem and the Host length (issue #24 item 3)', () => {
  it('takes a host name of 255 characters and refuses one of 256 and of thousands', () => {
    const labels = (length: number) => `${'a'.repeat(length - 8)}.example`;
    expect(hostProblem(labels(HOST_LIMIT))).toBeNull();
    expect(hostProblem(labels(HOST_LIMIT + 1))).toBe('Host longer than 255 characters');
    expect(hostProblem(`${labels(5000)}:8080`)).toBe('Host longer than 255 characters');
  });
});

describe('hostProblem and URL hosts', () => {
  it('refuses a name ending in a number that is no IPv4 address (no URL can be made of it)', () => {
    for (const host of ['shop.1', 'a.127.0.0.1:3000', '999.0.0.1', 'shop.example.08'])
      expect(hostProblem(host), host).toBe('malformed Host header');
    for (const host of ['10.0.0.1:3000', 'shop1.example', 'harbour.localhost:3000'])
      expect(hostProblem(host), host).toBeNull();
  });
});

describe('targetProblem', () => {
  it(`is a 414 past ${TARGET_LIMIT} characters of path and query, nothing below`, () => {
    const target = (length: number) => `/search?q=${'a'.repeat(length - 10)}`;
    expect(targetProblem(target(TARGET_LIMIT))).toBeNull();
    expect(targetProblem(target(TARGET_LIMIT + 1))).toEqual({
      status: 414,
      code: 'uri_too_long',
      message: `Request target longer than ${TARGET_LIMIT} characters`,
    });
  });
});

describe('pageTargetProblem', () => {
  it(`is a 414 for a page path past ${PAGE_PATH_LIMIT} characters; the query does not count`, () => {
    const path = (length: number) => `/page/${'a'.repeat(length - 6)}`;
    expect(pageTargetProblem(path(PAGE_PATH_LIMIT))).toBeNull();
    expect(pageTargetProblem(`${path(PAGE_PATH_LIMIT)}?q=${'b'.repeat(4000)}`)).toBeNull();
    expect(pageTargetProblem(path(PAGE_PATH_LIMIT + 1))).toMatchObject({
      status: 414,
      code: 'uri_too_long',
    });
  });

  it(`is a 414 for a page path of more than ${PAGE_SEGMENT_LIMIT} segments, however short`, () => {
    const deep = (segments: number) => '/a'.repeat(segments);
    expect(pageTargetProblem(deep(PAGE_SEGMENT_LIMIT))).toBeNull();
    expect(pageTargetProblem(`${deep(PAGE_SEGMENT_LIMIT - 1)}/`)).toBeNull();
    expect(pageTargetProblem(`${deep(PAGE_SEGMENT_LIMIT)}?q=/a/a/a`)).toBeNull();
    for (const target of [deep(PAGE_SEGMENT_LIMIT + 1), `${deep(PAGE_SEGMENT_LIMIT)}/`, deep(2000)])
      expect(pageTargetProblem(target)).toEqual({
        status: 414,
        code: 'uri_too_long',
        message: `Page path of more than ${PAGE_SEGMENT_LIMIT} segments`,
      });
  });

  it('refuses what a browser always encodes in a path, and the hostile targets as before', () => {
    for (const target of ['/a"b', '/a<b', '/a>b', '/a`b', '/a{b', '/a}b'])
      expect(pageTargetProblem(target)).toEqual({
        status: 400,
        code: 'bad_path',
        message: 'Refused path: a character browsers always encode',
      });
    expect(pageTargetProblem('/a|b^c?q="x"')).toBeNull();
    expect(pageTargetProblem('//evil.example/x')?.message).toBe(
      'Refused path: target starts with //',
    );
    expect(pageTargetProblem('/a/%2e%2e/b')?.message).toBe('Refused path: dot segment');
    expect(pageTargetProblem('/%zz')?.message).toBe('Refused path: malformed percent-encoding');
  });

  it('keeps the CMS context call within what the platform takes for any page path it lets by', () => {
    // The call's query as server/page/cms-context.ts builds it, for the worst path let by: every
    // character one URLSearchParams encodes (3x), at the longest Host.
    const host = `${'h'.repeat(HOST_LIMIT - 14)}.example:65535`;
    const path = `/${"~!$&'()+,;=:@".repeat(PAGE_PATH_LIMIT)}`.slice(0, PAGE_PATH_LIMIT);
    expect(pageTargetProblem(path)).toBeNull();
    const query = new URLSearchParams({
      cid: 'c'.repeat(32),
      isLoggedIn: 'false',
      url: JSON.stringify({ origin: `https://${host}`, host, pathname: path }),
    });
    // Node's parser takes 16 KiB of request line and headers; the call's headers are under 1 KiB.
    expect(`GET /cms-api/context?${query} HTTP/1.1`.length).toBeLessThan(16 * 1024 - 1024);
  });

  it('takes only origin-form targets, and `*` for OPTIONS (issue #27 item 2)', () => {
    expect(targetFormProblem('POST', '/auth/sign-in')).toBeNull();
    expect(targetFormProblem('OPTIONS', '*')).toBeNull();
    for (const [method, target] of [
      ['POST', 'http://shop.example/auth/sign-in'],
      ['GET', 'https://shop.example/'],
      ['GET', 'shop.example:443'],
      ['GET', '*'],
      ['GET', ''],
    ] as const)
      expect(targetFormProblem(method, target)?.status).toBe(400);
  });
});
