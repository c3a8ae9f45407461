import { describe, expect, it } from 'vitest';
import { hostHeaderCount, hostProblem } from './target';

describe('hostProblem', () => {
  it('answers the same for a host it has seen, and never remembers a bad one', () => {
    for (let time = 0; time < 2; time++) {
      expect(hostProblem('shop.example:8080')).toBeNull();
      expect(hostProblem(undefined)).toBe('missing Host header');
      expect(hostProblem('bad host')).toBe('malformed Host header');
      expect(hostProblem('shop.example:70000')).toBe('port out of range');
    }
  });

  it('stays right past the hosts it remembers (64)', () => {
    for (let i = 0; i < 200; i++) expect(hostProblem(`shop-${i}.example`)).toBeNull();
    expect(hostProblem('shop-1.example:0')).toBe('port out of range');
    expect(hostProblem('shop-1.example')).toBeNull();
  });
});

describe('hostHeaderCount', () => {
  it('counts Host headers whatever their case', () => {
    expect(hostHeaderCount(['Host', 'a', 'accept', '*/*', 'HOST', 'b', 'hOsT', 'c'])).toBe(3);
    expect(hostHeaderCount(['accept', 'host', 'hosts', 'x'])).toBe(0);
  });
});
