import { describe, expect, it } from 'vitest';
import { helmetOptions, securityHeaders } from './security-headers';

describe('security headers computed once from helmet', () => {
  it('has the headers of ADR 0124, HSTS only when the cookies are Secure, no CSP', () => {
    const plain = securityHeaders(helmetOptions({ cookieSecure: false }));
    expect(plain).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
    });
    expect(plain).not.toHaveProperty('strict-transport-security');
    expect(plain).not.toHaveProperty('content-security-policy');
    expect(plain).not.toHaveProperty('cross-origin-embedder-policy');
    const secure = securityHeaders(helmetOptions({ cookieSecure: true }));
    expect(secure['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});
