import { normalizeIP } from '@fastify/rate-limit';
import { describe, expect, it } from 'vitest';
import { addressGroup } from './address-group';

describe('addressGroup', () => {
  it('keeps an IPv4 address and groups IPv6 by /64', () => {
    expect(addressGroup('203.0.113.7')).toBe('203.0.113.7');
    expect(addressGroup('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:DB8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('[2001:db8:1:2::1]')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressGroup('2001:db8:1:3::1')).not.toBe(addressGroup('2001:db8:1:2::1'));
    expect(addressGroup('::ffff:198.51.100.9')).toBe('198.51.100.9');
    expect(addressGroup('::1')).toBe('0:0:0:0::/64');
    expect(addressGroup(undefined)).toBe('');
  });

  it('puts two addresses in one group exactly when the rate-limit library does', () => {
    const samples = [
      '2001:db8::1',
      '2001:db8::ffff:1',
      '2001:db8:0:0:1::',
      '2001:db8:0:1::1',
      '2001:db8:0:1:ffff::9',
      '::ffff:10.0.0.1',
      '::ffff:10.0.0.2',
      '10.0.0.1',
      '2001:db8:abcd:12::7',
      '2001:db8:abcd:12:1:2:3:4',
      '::',
      '::1',
    ];
    for (const a of samples)
      for (const b of samples)
        expect(addressGroup(a) === addressGroup(b), `${a} ~ ${b}`).toBe(
          normalizeIP(a) === normalizeIP(b),
        );
  });
});
