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

const chars = new Uint8Array(32);

export function createCid(): string {
  let length = 0;
  while (length < 32) {
    // Rejection sampling keeps the distribution uniform over the 62 characters.
    const byte = randomByte();
    if (byte < 248) chars[length++] = ALPHABET.charCodeAt(byte % 62);
  }
  // One flat string from the 32 codes (a string grown a character at a time is a chain of 32).
  return String.fromCharCode.apply(null, chars as unknown as number[]);
}

export function isCid(value: unknown): value is string {
  return typeof value === 'string' && CID_PATTERN.test(value);
}
