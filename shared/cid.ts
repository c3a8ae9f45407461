// Correlation id: 32 characters of the base64 alphabet without +, / and = (brief, "Contracts").
export const CID_PATTERN = /^[A-Za-z0-9]{32}$/;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function createCid(): string {
  // Rejection sampling keeps the distribution uniform over the 62 characters.
  const out: string[] = [];
  while (out.length < 32) {
    const bytes = crypto.getRandomValues(new Uint8Array(48));
    for (const byte of bytes) {
      if (byte < 248 && out.length < 32) out.push(ALPHABET[byte % 62]!);
    }
  }
  return out.join('');
}

export function isCid(value: unknown): value is string {
  return typeof value === 'string' && CID_PATTERN.test(value);
}
