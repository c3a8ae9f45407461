import { describe, expect, it } from 'vitest';
import { redactAccountKeys } from './redact-keys';

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
