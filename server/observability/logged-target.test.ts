import { describe, expect, it } from 'vitest';
import { redactLoggedUrl } from '../log-redact';
import { LOGGED_TARGET_LIMIT, loggedTarget } from './logged-target';

// A refused target in its request line: at most LOGGED_TARGET_LIMIT characters and a marker with
// its whole length, secrets replaced first; what the request line's own redaction leaves as it is.
const KEY = 'Zk3-activation-key-0123456789abcdef';
const stable = (url: string) => expect(redactLoggedUrl(url)).toBe(url);

describe('loggedTarget', () => {
  it('keeps the first 1,024 characters of a long target and says how long it was', () => {
    const url = `/${'a'.repeat(8_999)}`;
    const logged = loggedTarget(url);
    expect(logged).toBe(`${url.slice(0, LOGGED_TARGET_LIMIT)} …(9,000 characters)`);
    stable(logged);
  });

  it('leaves a target within the limit whole, its secrets replaced', () => {
    expect(loggedTarget('/search?q=milk')).toBe('/search?q=milk');
    expect(loggedTarget(`/profile/activation/${KEY}`)).toBe('/profile/activation/[redacted]');
  });

  it('replaces an account key before the cut, wherever the cut falls', () => {
    // The key across the cut, and the cut right after the key's path.
    for (const before of [1_000, LOGGED_TARGET_LIMIT - '/profile/activation/'.length]) {
      const url = `/${'p'.repeat(before - 1)}/profile/activation/${KEY}/${'a'.repeat(8_000)}`;
      const logged = loggedTarget(url);
      expect(logged).not.toContain(KEY.slice(0, 3));
      expect(logged).toMatch(/ …\(\d,\d{3} characters\)$/);
      expect(logged.length).toBeLessThanOrEqual(LOGGED_TARGET_LIMIT + 24);
      stable(logged);
    }
  });

  it('keeps its marker where the cut falls in a secret query parameter', () => {
    const url = `/search?q=${'m'.repeat(1_000)}&code=${'c'.repeat(8_000)}`;
    const logged = loggedTarget(url);
    expect(logged).toBe(`/search?q=${'m'.repeat(1_000)}& …(9,016 characters)`);
    stable(logged);
  });
});
