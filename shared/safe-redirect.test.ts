import { describe, expect, it } from 'vitest';
import { isSafeLocalPath, safeRedirectTarget, safeReturnPath } from './safe-redirect';

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

  // A Location header is visible ASCII: Node throws on a character above U+00FF (a 500), and one
  // of Latin-1 would go out as a byte the browser misreads.
  it.each([
    ['/中', '/%E4%B8%AD'],
    ['/search/牛奶?q=café', '/search/%E7%89%9B%E5%A5%B6?q=caf%C3%A9'],
    ['/lists/a b#top', '/lists/a%20b#top'],
    ['/smile/😀', '/smile/%F0%9F%98%80'],
    ['/search?q=a%20b', '/search?q=a%20b'],
  ])('gives %j back as a valid Location value, %j', (target, location) => {
    expect(safeReturnPath(target)).toBe(location);
    expect(safeRedirectTarget(target)).toBe(location);
    expect(safeReturnPath(location)).toBe(location); // encoded once
    expect(() => new Headers({ location })).not.toThrow();
  });

  it('keeps a look-alike of a slash in the path, encoded', () => {
    // A full-width solidus is no slash to a browser's URL parser: encoded, nothing can read it as one.
    expect(safeReturnPath('/／evil.com')).toBe('/%EF%BC%8Fevil.com');
  });

  it('refuses a lone surrogate, which has no UTF-8 form to encode', () => {
    expect(isSafeLocalPath('/\ud800')).toBe(false);
    expect(safeReturnPath('/a\udc00')).toBe('/');
    expect(safeRedirectTarget('/\ud800')).toBeNull();
  });
});
