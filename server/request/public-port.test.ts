import { describe, expect, it } from 'vitest';
import { publicPortCheck } from './public-port';

describe('publicPortCheck (ADR 0272)', () => {
  const known = publicPortCheck([3000, 8443]);
  it('takes a Host without a port or with its scheme’s, a configured port and the connection’s', () => {
    expect(known('shop.example', 'https', 3000)).toBe(true);
    expect(known('shop.example:443', 'https', 3000)).toBe(true);
    expect(known('shop.example:80', 'http', 3000)).toBe(true);
    expect(known('shop.example:8443', 'https', 3000)).toBe(true);
    expect(known('shop.example:3000', 'http', undefined)).toBe(true);
    expect(known('127.0.0.1:41234', 'http', 41234)).toBe(true);
  });
  it('refuses any other port', () => {
    expect(known('localhost:6666', 'http', 3000)).toBe(false);
    expect(known('shop.example:443', 'http', 3000)).toBe(false);
    expect(known('shop.example:80', 'https', 3000)).toBe(false);
    expect(publicPortCheck([])('localhost:3000', 'http', undefined)).toBe(false);
  });
});
