import { describe, expect, it } from 'vitest';
import { publicPortCheck } from './public-port';

describe('publicPortCheck (ADR 0272)', () => {
  const known = publicPortCheck([3000, 8443]);
  it('takes a Host without a port, a configured port and the port the connection came in on', () => {
    expect(known('shop.example', 3000)).toBe(true);
    expect(known('shop.example:8443', 3000)).toBe(true);
    expect(known('shop.example:3000', undefined)).toBe(true);
    expect(known('127.0.0.1:41234', 41234)).toBe(true);
  });
  it('refuses any other port', () => {
    expect(known('localhost:6666', 3000)).toBe(false);
    expect(known('shop.example:443', 3000)).toBe(false);
    expect(publicPortCheck([])('localhost:3000', undefined)).toBe(false);
  });
});
