import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { HeaderPairs } from '../upstream/header-pairs';
import { answerHead, writeError, type AnswerFrame } from './answers';

// An answer that sets the visitor's cookies is theirs alone, whatever the upstream or the
// public-answer list says of its body: a shared cache must never keep it (ADR 0155).
const RENEWED = ['access_token=new; HttpOnly', 'refresh_token=new; HttpOnly'];
const PICTURE = {
  'content-type': 'image/svg+xml',
  'cache-control': 'public, max-age=86400',
  etag: '"p1"',
};
const SEARCH_POLICY = 'public, max-age=30, stale-while-revalidate=300';

const frame = (cookies: readonly string[] = []): AnswerFrame => ({
  cid: 'cid-1',
  method: 'GET',
  own: ['x-frame-options', 'DENY', 'x-correlation-id', 'cid-1'],
  cookies,
  eventId: undefined,
  closing: false,
});

/** The head as name → values (a name twice would be two headers: both kept). */
const headersOf = (pairs: HeaderPairs) => {
  const out: Record<string, unknown[]> = {};
  for (let i = 0; i < pairs.length; i += 2) (out[pairs[i] as string] ??= []).push(pairs[i + 1]);
  return out;
};

describe('answerHead', () => {
  it('keeps a public picture public when it sets no cookie', () => {
    const head = headersOf(answerHead(frame(), PICTURE, true, null));
    expect(head['cache-control']).toEqual(['public, max-age=86400']);
    expect(head['set-cookie']).toBeUndefined();
  });

  it("makes a public picture private, no-store when it carries a renewal's cookies", () => {
    const head = headersOf(answerHead(frame(RENEWED), PICTURE, true, null));
    expect(head['cache-control']).toEqual(['private, no-store']);
    expect(head['set-cookie']).toEqual([RENEWED]);
    expect(head.etag).toEqual(['"p1"']);
  });

  it('makes an answer private when its cookies end the session (the call went without a token)', () => {
    const cleared = ['access_token=; Max-Age=0', 'refresh_token=; Max-Age=0'];
    const head = headersOf(answerHead(frame(cleared), PICTURE, false, null));
    expect(head['cache-control']).toEqual(['private, no-store']);
  });

  it("overrides the public list's policy too, and adds one when no policy was given", () => {
    const json = { 'content-type': 'application/json' };
    expect(headersOf(answerHead(frame(), json, false, SEARCH_POLICY))['cache-control']).toEqual([
      SEARCH_POLICY,
    ]);
    expect(
      headersOf(answerHead(frame(RENEWED), json, false, SEARCH_POLICY))['cache-control'],
    ).toEqual(['private, no-store']);
    expect(headersOf(answerHead(frame(RENEWED), json, false, null))['cache-control']).toEqual([
      'private, no-store',
    ]);
  });

  it('finds the policy by its name, not a value that reads cache-control', () => {
    const head = headersOf(
      answerHead(frame(RENEWED), { ...PICTURE, vary: 'cache-control' }, false, null),
    );
    expect(head['cache-control']).toEqual(['private, no-store']);
    expect(head.vary).toEqual(['cache-control']);
  });
});

describe('writeError', () => {
  it("is private, no-store with a renewal's cookies (once)", () => {
    const written: { status?: number; pairs?: HeaderPairs } = {};
    const res = {
      writeHead: (status: number, pairs: HeaderPairs) => Object.assign(written, { status, pairs }),
      end: () => undefined,
    } as unknown as ServerResponse;
    writeError(res, frame(RENEWED), 404, { code: 'not_found', message: 'no' }, PICTURE);
    const head = headersOf(written.pairs!);
    expect(written.status).toBe(404);
    expect(head['cache-control']).toEqual(['private, no-store']);
    expect(head['set-cookie']).toEqual([RENEWED]);
  });
});
