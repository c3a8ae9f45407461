import { describe, expect, it } from 'vitest';
import { redactAccountKeys, redactUrlSecrets } from './redact-keys';

describe('redactAccountKeys', () => {
  it('hides the key of activation and reset paths, plain, .data and percent-encoded', () => {
    expect(redactAccountKeys('/profile/activation/Ab_c-12')).toBe('/profile/activation/[redacted]');
    expect(redactAccountKeys('/profile/reset/Ab_c-12.data?x=1')).toBe(
      '/profile/reset/[redacted]?x=1',
    );
    const context = `/cms-api/context?url=${encodeURIComponent(JSON.stringify({ path: '/profile/reset/Key123' }))}&cid=x`;
    expect(redactAccountKeys(context)).not.toContain('Key123');
    expect(redactAccountKeys(context)).toContain('[redacted]');
    expect(redactAccountKeys('/PROFILE/Reset/%4Bey')).toBe('/PROFILE/Reset/[redacted]');
  });

  it('leaves other paths alone', () => {
    expect(redactAccountKeys('/profile/info')).toBe('/profile/info');
    expect(redactAccountKeys('/search/reset')).toBe('/search/reset');
  });
});

describe('redactUrlSecrets', () => {
  it("replaces a social callback's whole query", () => {
    expect(redactUrlSecrets('/auth/social/demo/callback?code=C0DE&state=ST4TE&iss=x')).toBe(
      '/auth/social/demo/callback?[redacted]',
    );
    expect(redactUrlSecrets('/auth/social/x/callback.data?code=C0DE')).not.toContain('C0DE');
  });

  it('replaces code, state and token parameters anywhere, however their names are written', () => {
    const url = '/x?q=milk&code=A1&STATE=B2&%74oken=C3&access_token=D4&id_token=E5&page=2&key=F6';
    const out = redactUrlSecrets(url);
    for (const secret of ['A1', 'B2', 'C3', 'D4', 'E5', 'F6']) expect(out).not.toContain(secret);
    expect(out).toBe(
      '/x?q=milk&code=[redacted]&STATE=[redacted]&%74oken=[redacted]&access_token=[redacted]&id_token=[redacted]&page=2&key=[redacted]',
    );
  });

  it('keeps account keys hidden and other URLs as they are', () => {
    expect(redactUrlSecrets('/profile/reset/Key123?state=S')).toBe(
      '/profile/reset/[redacted]?state=[redacted]',
    );
    expect(redactUrlSecrets('/search/milk?sort=price&codex=1')).toBe(
      '/search/milk?sort=price&codex=1',
    );
    expect(redactUrlSecrets('/search/milk')).toBe('/search/milk');
  });

  it('reads a name as the server does (escapes, + a space); a malformed one is no secret', () => {
    expect(redactUrlSecrets('/x?%6B%65%79=1&my%5Ftoken=2&co+de=3&na%C3%AFve_token=4')).toBe(
      '/x?%6B%65%79=[redacted]&my%5Ftoken=[redacted]&co+de=3&na%C3%AFve_token=4',
    );
    expect(redactUrlSecrets('/x?%=1&%ff=2&to%ken=3&%74oken%=4&%E2%80%8Btoken=5&%74oken=6')).toBe(
      '/x?%=1&%ff=2&to%ken=3&%74oken%=4&%E2%80%8Btoken=5&%74oken=[redacted]',
    );
  });
});
