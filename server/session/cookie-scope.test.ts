import { describe, expect, it } from 'vitest';
import { cookieScope } from './cookie-scope';

describe('cookieScope', () => {
  it('drops the port, as a browser does when it sends cookies (ADR 0364)', () => {
    expect(cookieScope('http://localhost:3000')).toBe('http://localhost');
    expect(cookieScope('https://shop.example:8443')).toBe('https://shop.example');
    expect(cookieScope('http://[::1]:8080')).toBe('http://[::1]');
  });

  it('keeps an origin without a port, and its scheme', () => {
    expect(cookieScope('https://shop.example')).toBe('https://shop.example');
    expect(cookieScope('http://[::1]')).toBe('http://[::1]');
    expect(cookieScope('http://shop.example')).not.toBe(cookieScope('https://shop.example'));
  });
});
