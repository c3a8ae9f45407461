import {
  randomBytes,
  scrypt,
  timingSafeEqual,
  type BinaryLike,
  type ScryptOptions,
} from 'node:crypto';
import { slots } from './slots';

// Password hashes: scrypt (memory-hard, in Node's standard library, so no native add-on), stored as
// `scrypt$N$r$p$salt$hash` so the cost can be raised later without breaking stored hashes.
const COST = { N: 16384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

// At most two hashes at a time: scrypt runs on libuv's 4-thread pool, which file and DNS work
// share; 32 parallel sign-ins would otherwise queue every other request behind them (issue #12).
const hashing = slots(2);

function derive(password: string, salt: BinaryLike, options: ScryptOptions): Promise<Buffer> {
  return hashing(() => deriveNow(password, salt, options));
}

function deriveNow(password: string, salt: BinaryLike, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { ...options, maxmem: 64 * 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
}

/** Hashes a password. `salt` is only passed by the seed, which must be deterministic. */
export async function hashPassword(
  password: string,
  salt: Buffer = randomBytes(16),
): Promise<string> {
  const key = await derive(password, salt, COST);
  return [
    'scrypt',
    COST.N,
    COST.r,
    COST.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

/** True when the password matches the stored hash; false for any malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  // An account created through an identity provider has no password (''): refused, in the same time.
  if (stored === '') return burnPasswordCheck(password).then(() => false);
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

// Verifying against this when an e-mail is unknown keeps sign-in time the same either way, so the
// answer time does not reveal which e-mails have accounts.
const DUMMY = hashPassword('not a password', Buffer.alloc(16));
export async function burnPasswordCheck(password: string): Promise<void> {
  await verifyPassword(password, await DUMMY);
}
