import { describe, expect, it } from 'vitest';
import { safeRedirectTarget, safeReturnPath } from './safe-redirect';

describe('redirect targets', () => {
  const policy = { allowedHosts: ['pay.example.com'] };

  it('allows same-origin paths and allow-listed https hosts', () => {
    expect(safeRedirectTarget('/checkout?step=2', policy)).toBe('/checkout?step=2');
    expect(safeRedirectTarget('https://pay.example.com/session/1', policy)).toBe(
      'https://pay.example.com/session/1',
    );
  });

  it.each([
    '//evil.com',
    '/\\evil.com',
    '\\\\evil.com',
    'https://evil',
    'https://evil.com/',
    'http://pay.example.com/',
    'https://user@pay.example.com.evil.com/',
    'javascript:alert(1)',
    '/ok\r\nSet-Cookie: x=1',
    '/%0d%0aLocation:%20https://evil.com',
    '/%2F%2Fevil.com',
    '/%5cevil.com',
    '',
  ])('refuses %j', (target) => {
    expect(safeRedirectTarget(target, policy)).toBeNull();
  });

  it('falls back to the home page for an unsafe return path', () => {
    expect(safeReturnPath('//evil.com')).toBe('/');
    expect(safeReturnPath('/orders/7')).toBe('/orders/7');
    expect(safeReturnPath(null)).toBe('/');
  });
});
