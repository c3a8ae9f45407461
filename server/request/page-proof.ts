import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// Proof that this gateway issued a CID to a page (issue #27 item 10, docs/decisions/0244): the
// /blink-test page shows its CID as the code for support and posts its report under it; only a
// CID with the proof the page got may be stored, so nobody can write a report under a code they
// were not given (a shopper's, quoted to support before their report is in). `expires.mac`: an
// HMAC-SHA256 of page, CID and expiry, with a key every replica shares.
export const PAGE_PROOF_SECONDS = 24 * 60 * 60;

export type PageProof = {
  sign(page: string, cid: string): string;
  check(page: string, cid: string, proof: unknown): boolean;
};

/** Without a configured secret, a per-process key: fine for one gateway, not for replicas. */
export function createPageProof(
  secret: string | undefined,
  now: () => number = Date.now,
): PageProof {
  const key = createHmac('sha256', secret ?? randomBytes(32))
    .update('storefront page proof')
    .digest();
  const mac = (page: string, cid: string, expires: number) =>
    createHmac('sha256', key).update(`${page}\n${cid}\n${expires}`).digest();
  return {
    sign(page, cid) {
      const expires = Math.floor(now() / 1000) + PAGE_PROOF_SECONDS;
      return `${expires}.${mac(page, cid, expires).toString('base64url')}`;
    },
    check(page, cid, proof) {
      if (typeof proof !== 'string') return false;
      const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(proof);
      if (!match) return false;
      const expires = Number(match[1]);
      if (expires * 1000 < now()) return false;
      const sent = Buffer.from(match[2]!, 'base64url');
      const expected = mac(page, cid, expires);
      return sent.length === expected.length && timingSafeEqual(sent, expected);
    },
  };
}

const ofConfig = new WeakMap<object, PageProof>();

/** The one PageProof of a gateway (its config object), made on first use. */
export function pageProofOf(config: { pageProofSecret?: string }): PageProof {
  let proof = ofConfig.get(config);
  if (!proof) ofConfig.set(config, (proof = createPageProof(config.pageProofSecret)));
  return proof;
}

/**
 * The page proof as one request may use it: no proof ('', which no check takes) for the CID the
 * request brought itself. A data request keeps the caller's well-formed X-Correlation-ID as its
 * CID (./identity.ts), so `/blink-test.data` with a shopper's code in that header signed a proof
 * for it, and anyone could store a report under a code they were not given (ADR 0348). The
 * shop's own pages never send the header: each data request gets its CID from the gateway.
 */
export function requestPageProof(proof: PageProof, sentCid: unknown): PageProof {
  if (typeof sentCid !== 'string') return proof;
  return {
    sign: (page, cid) => (cid === sentCid ? '' : proof.sign(page, cid)),
    check: proof.check,
  };
}
