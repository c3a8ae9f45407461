import { describe, expect, it } from 'vitest';
import { atMostEvery, misdirectedPortHint, publicPortCheck } from './public-port';

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

describe('the hint beside a refused port (ADR 0378)', () => {
  it('names the port, the ports taken and PUBLIC_PORTS', () => {
    expect(misdirectedPortHint('shop.example:3580', 3501, [3501, 8443])).toBe(
      "421 for Host shop.example:3580: port 3580 is not one this gateway takes (PORT and PUBLIC_PORTS: 3501,8443; the connection's: 3501); if a balancer publishes the shop at 3580, list it in PUBLIC_PORTS",
    );
    expect(misdirectedPortHint('[::1]:81', undefined, [3000])).toContain(
      "port 81 is not one this gateway takes (PORT and PUBLIC_PORTS: 3000; the connection's: unknown)",
    );
  });

  it('is due at most once per interval', () => {
    let now = 1_000;
    const due = atMostEvery(60_000, () => now);
    expect(due()).toBe(true);
    expect(due()).toBe(false);
    now += 59_999;
    expect(due()).toBe(false);
    now += 1;
    expect(due()).toBe(true);
  });
});
