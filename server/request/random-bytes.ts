import { randomFillSync } from 'node:crypto';

// Random ids and nonces are cut from a block of the system's cryptographic random bytes: one call
// to the generator per block, instead of one or more per request on every request's path (ADR
// 0158). Each id takes bytes no other id took.
const block = Buffer.alloc(4096);
let at = block.length;

function take(bytes: number): number {
  if (at + bytes > block.length) {
    randomFillSync(block);
    at = 0;
  }
  at += bytes;
  return at - bytes;
}

/** `bytes` random bytes in hex (a trace id: 16, a span id: 8). */
export function randomHex(bytes: number): string {
  const from = take(bytes);
  return block.toString('hex', from, from + bytes);
}

/** `bytes` random bytes in base64 (a CSP nonce: 16). */
export function randomBase64(bytes: number): string {
  const from = take(bytes);
  return block.toString('base64', from, from + bytes);
}
