import { describe, expect, it } from 'vitest';
import { openSuccessor, sealSuccessor } from './successor';

const pair = {
  access_token: 'header.payload.signature',
  refresh_token: 'rt.next',
  token_type: 'Bearer',
  expires_in: 300,
  refresh_expires_in: 2_592_000,
};

describe('the sealed successor pair (docs/decisions/0220)', () => {
  it('opens with the spent token it was sealed for, and only with it', () => {
    const sealed = sealSuccessor('rt.spent', pair);
    expect(sealed).not.toContain('rt.next');
    expect(Buffer.from(sealed, 'base64url').toString('latin1')).not.toContain('rt.next');
    expect(openSuccessor('rt.spent', sealed)).toEqual(pair);
    expect(openSuccessor('rt.other', sealed)).toBeNull();
  });

  it('refuses a tampered or truncated value', () => {
    const raw = Buffer.from(sealSuccessor('rt.spent', pair), 'base64url');
    raw[raw.length - 1]! ^= 1;
    expect(openSuccessor('rt.spent', raw.toString('base64url'))).toBeNull();
    expect(openSuccessor('rt.spent', 'short')).toBeNull();
  });
});
