import { describe, expect, it } from 'vitest';
import { createPageProof, PAGE_PROOF_SECONDS, requestPageProof } from './page-proof';

const CID = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';
const OTHER = 'ZyXwVuTsRqPoNmLkJiHgFeDcBa543210';

describe('page proofs', () => {
  it('accepts the proof of the page and CID it was made for, with the same key', () => {
    const proofs = createPageProof('a-secret-of-at-least-thirty-two-chars!!');
    const proof = proofs.sign('blink-test', CID);
    expect(proofs.check('blink-test', CID, proof)).toBe(true);
    // Another replica with the same key.
    expect(
      createPageProof('a-secret-of-at-least-thirty-two-chars!!').check('blink-test', CID, proof),
    ).toBe(true);
  });

  it('refuses another CID, another page, another key, a changed or missing proof', () => {
    const proofs = createPageProof('a-secret-of-at-least-thirty-two-chars!!');
    const proof = proofs.sign('blink-test', CID);
    expect(proofs.check('blink-test', OTHER, proof)).toBe(false);
    expect(proofs.check('sentry-test', CID, proof)).toBe(false);
    expect(
      createPageProof('another-secret-of-thirty-two-chars!!!!').check('blink-test', CID, proof),
    ).toBe(false);
    expect(createPageProof(undefined).check('blink-test', CID, proof)).toBe(false);
    const [expires, mac] = proof.split('.');
    expect(proofs.check('blink-test', CID, `${Number(expires) + 1000}.${mac}`)).toBe(false);
    const flipped = `${mac!.startsWith('A') ? 'B' : 'A'}${mac!.slice(1)}`;
    expect(proofs.check('blink-test', CID, `${expires}.${flipped}`)).toBe(false);
    expect(proofs.check('blink-test', CID, '')).toBe(false);
    expect(proofs.check('blink-test', CID, null)).toBe(false);
    expect(proofs.check('blink-test', CID, 'x'.repeat(5000))).toBe(false);
  });

  it('expires', () => {
    let now = 1_800_000_000_000;
    const proofs = createPageProof('a-secret-of-at-least-thirty-two-chars!!', () => now);
    const proof = proofs.sign('blink-test', CID);
    now += (PAGE_PROOF_SECONDS - 5) * 1000;
    expect(proofs.check('blink-test', CID, proof)).toBe(true);
    now += 10_000;
    expect(proofs.check('blink-test', CID, proof)).toBe(false);
  });

  // ADR 0348: a data request's CID may be the caller's own X-Correlation-ID.
  it('signs nothing for the CID the request brought, and the rest as before', () => {
    const proofs = createPageProof('a-secret-of-at-least-thirty-two-chars!!');
    const forRequest = requestPageProof(proofs, CID);
    expect(forRequest.sign('blink-test', CID)).toBe('');
    expect(forRequest.check('blink-test', CID, forRequest.sign('blink-test', CID))).toBe(false);
    expect(forRequest.check('blink-test', OTHER, forRequest.sign('blink-test', OTHER))).toBe(true);
    expect(requestPageProof(proofs, undefined)).toBe(proofs);
  });
});
