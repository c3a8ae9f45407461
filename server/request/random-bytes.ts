import { randomFillSync } from 'node:crypto';

// Random ids and nonces are cut from a block of the system's cryptographic random bytes: one call
// to the generator per block, instead of one or more per request on every request's path (ADR
// 0158). Each id takes bytes no other id took. The block is also kept in hex, made once per
// block, so that a hex id (a trace id, span ids: three a proxied call) is a slice of that string
// rather than a native call that encodes a few bytes each time (ADR 0402).
const block = Buffer.alloc(4096);
let blockHex = '';
let at = block.length;

function take(bytes: number): number {
  if (at + bytes > block.length) {
    randomFillSync(block);
    blockHex = block.toString('hex');
    at = 0;
  }
  at += bytes;
  return at - bytes;
}

/** `bytes` random bytes in hex (a trace id: 16, a span id: 8). */
export function randomHex(bytes: number): string {
  const from = take(bytes);
  return blockHex.slice(2 * from, 2 * (from + bytes));
}

/** `bytes` random bytes in base64 (a CSP nonce: 16). */
export function randomBase64(bytes: number): string {
  const from = take(bytes);
  return block.toString('base64', from, from + bytes);
}
