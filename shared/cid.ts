// Correlation id: 32 characters of the base64 alphabet without +, / and = (brief, "Contracts").
export const CID_PATTERN = /^[A-Za-z0-9]{32}$/;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

// Random bytes are drawn in blocks: one call to the system's generator serves ~100 ids, which
// matters on the gateway's hot path (every request gets a CID).
const pool = new Uint8Array(4096);
let poolAt = pool.length;

function randomByte(): number {
  if (poolAt === pool.length) {
    crypto.getRandomValues(pool);
    poolAt = 0;
  }
  return pool[poolAt++]!;
}

export function createCid(): string {
  let cid = '';
  while (cid.length < 32) {
    // Rejection sampling keeps the distribution uniform over the 62 characters.
    const byte = randomByte();
    if (byte < 248) cid += ALPHABET[byte % 62];
  }
  return cid;
}

export function isCid(value: unknown): value is string {
  return typeof value === 'string' && CID_PATTERN.test(value);
}
