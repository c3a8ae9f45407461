import { describe, expect, it } from 'vitest';
import { provesSession, sessionProof } from './session-proof';

// The gateway's proof that it set a refresh token cookie (ADR 0357), for one shop origin.
const SHOP = 'https://shop.example';

describe('session proof', () => {
  it('proves the token it was made for, under the shop origin it was set for', () => {
    const proof = sessionProof('refresh-1', SHOP, 'secret');
    expect(proof).toMatch(/^[\w-]{32}$/);
    expect(provesSession('refresh-1', SHOP, proof, 'secret')).toBe(true);
  });

  it('proves the token on every port of that shop: its cookies go to all of them (ADR 0364)', () => {
    const proof = sessionProof('refresh-1', 'https://shop.example:8443', 'secret');
    expect(provesSession('refresh-1', 'https://shop.example:9443', proof, 'secret')).toBe(true);
    expect(provesSession('refresh-1', SHOP, proof, 'secret')).toBe(true);
  });

  it('proves nothing for another token, another shop origin or under another key', () => {
    const proof = sessionProof('refresh-1', SHOP, 'secret');
    expect(provesSession('refresh-2', SHOP, proof, 'secret')).toBe(false);
    // A proof set on one shop, replayed under another Host (ADR 0357's refusals are per origin).
    expect(provesSession('refresh-1', 'https://other.example', proof, 'secret')).toBe(false);
    expect(provesSession('refresh-1', 'http://shop.example', proof, 'secret')).toBe(false);
    expect(provesSession('refresh-1', SHOP, proof, 'another secret')).toBe(false);
    expect(provesSession('refresh-1', SHOP, proof, undefined)).toBe(false);
  });

  it('refuses what is no proof at all', () => {
    const proof = sessionProof('refresh-1', SHOP, undefined);
    for (const sent of [undefined, '', proof.slice(1), `${proof}x`, '!'.repeat(32)])
      expect(provesSession('refresh-1', SHOP, sent, undefined)).toBe(false);
  });
});
