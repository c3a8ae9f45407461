import { describe, expect, it } from 'vitest';
import { checkClaims, claimText } from './report-claims';

// The rules of docs/decisions/0365 the integration tests do not reach: a development build (whose
// id has no build id's form), a release of null, and how a claim is cut short.
describe("a browser report's claims", () => {
  const checked = (release: unknown, runningBuild: string | undefined) => {
    const event: Record<string, unknown> = { release };
    const tags: Record<string, unknown> = {};
    checkClaims(event, tags, runningBuild);
    return { event, tags };
  };

  it("keeps the running build's release when it has no build id's form (development)", () => {
    expect(checked('0.8394', '0.8394')).toEqual({ event: { release: '0.8394' }, tags: {} });
    expect(checked('0.8394', '0.1177')).toEqual({
      event: {},
      tags: { release_claimed: '0.8394' },
    });
  });

  it('checks a release by its form alone while the build is not loaded', () => {
    expect(checked('0123abcd', undefined).event).toEqual({ release: '0123abcd' });
    expect(checked('0123abc', undefined).tags).toEqual({ release_claimed: '0123abc' });
  });

  it('leaves a release of null as it is: it names none', () => {
    expect(checked(null, '0123abcd')).toEqual({ event: { release: null }, tags: {} });
  });

  it('shows a claim as one line of at most 64 characters, never half a character', () => {
    expect(claimText('')).toBe('""');
    expect(claimText(null)).toBe('null');
    expect(claimText('a\tb\u0000c')).toBe('a b c');
    expect(claimText(`${'x'.repeat(63)}😀`)).toBe(`${'x'.repeat(63)}…`);
    expect(claimText('x'.repeat(64))).toBe('x'.repeat(64));
  });
});
