import { describe, expect, it } from 'vitest';
import { upstreamRequestPairs } from './headers';

const identity = { cid: 'cid-1', shopOrigin: 'https://shop.example', accessToken: 'tok' };
const browser = {
  host: 'shop.example',
  accept: 'application/json',
  'accept-language': 'nl',
  cookie: 'access_token=secret',
  'x-correlation-id': 'spoofed',
  'x-domain-origin': 'https://evil.example',
  authorization: 'Bearer stolen',
  'if-none-match': '"a", "b"',
};

const asObject = (pairs: unknown[]) => {
  const out: Record<string, unknown> = {};
  for (let i = 0; i < pairs.length; i += 2) {
    expect(out).not.toHaveProperty(pairs[i] as string); // each name once
    out[pairs[i] as string] = pairs[i + 1];
  }
  return out;
};

describe('upstreamRequestPairs', () => {
  it("sends the allow-listed headers and the gateway's own, nothing else (no Host: undici sends the upstream's)", () => {
    const expected = {
      accept: 'application/json',
      'accept-language': 'nl',
      'if-none-match': '"a", "b"',
      'x-correlation-id': 'cid-1',
      'x-domain-origin': 'https://shop.example',
      'x-client-name': 'cms-website',
      authorization: 'Bearer tok',
    };
    expect(asObject(upstreamRequestPairs(browser, identity))).toEqual(expected);
  });

  it("keeps the gateway's own headers and drops the browser's cookie", () => {
    const sent = asObject(upstreamRequestPairs(browser, identity));
    expect(sent).toMatchObject({
      'x-correlation-id': 'cid-1',
      'x-domain-origin': 'https://shop.example',
      authorization: 'Bearer tok',
      'if-none-match': '"a", "b"',
    });
    expect(sent).not.toHaveProperty('cookie');
  });

  it('sends no authorization without a token', () => {
    const sent = asObject(upstreamRequestPairs(browser, { ...identity, accessToken: null }));
    expect(sent).not.toHaveProperty('authorization');
  });
});
