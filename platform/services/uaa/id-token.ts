import { createRemoteJWKSet, decodeJwt, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { HttpError } from '../../http/errors';
import { invalidGrant } from './errors';

// Verifies an external provider's ID token, handed over by the gateway (the relying party), before
// uaa trusts any claim of it: a configured issuer, its audience, its signature (keys from the
// issuer's own discovery document), not expired, issued within the last ten minutes.
export type TrustedIssuer = { issuer: string; audience: string };
export type ExternalIdentity = {
  issuer: string;
  subject: string;
  email: string;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
};

const TIMEOUT_MS = 5_000;
const keySets = new Map<string, JWTVerifyGetKey>();

async function keysOf(issuer: string): Promise<JWTVerifyGetKey> {
  const known = keySets.get(issuer);
  if (known) return known;
  let jwksUri: string;
  try {
    const response = await fetch(`${issuer}/.well-known/openid-configuration`, {
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const metadata = (await response.json()) as { issuer?: unknown; jwks_uri?: unknown };
    if (!response.ok || metadata.issuer !== issuer || typeof metadata.jwks_uri !== 'string')
      throw new Error(`bad discovery document (${response.status})`);
    jwksUri = metadata.jwks_uri;
  } catch (error) {
    throw new HttpError(
      503,
      'temporarily_unavailable',
      `The identity provider could not be reached (${(error as Error).message})`,
    );
  }
  const keys = createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: TIMEOUT_MS });
  keySets.set(issuer, keys);
  return keys;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim().slice(0, 254) : '');

export async function verifyIdToken(
  idToken: string,
  trusted: readonly TrustedIssuer[],
): Promise<ExternalIdentity> {
  let issuer: unknown;
  try {
    issuer = decodeJwt(idToken).iss;
  } catch {
    throw invalidGrant('Malformed ID token');
  }
  const entry = trusted.find((candidate) => candidate.issuer === issuer);
  if (!entry) throw invalidGrant('ID token of an issuer this shop does not trust');
  const keys = await keysOf(entry.issuer);
  let claims;
  try {
    ({ payload: claims } = await jwtVerify(idToken, keys, {
      issuer: entry.issuer,
      audience: entry.audience,
      maxTokenAge: '10m',
      algorithms: ['RS256', 'PS256', 'ES256', 'EdDSA'],
    }));
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (code === 'ERR_JWKS_TIMEOUT' || code === 'ERR_JOSE_GENERIC')
      throw new HttpError(
        503,
        'temporarily_unavailable',
        'The identity provider keys could not be read',
      );
    throw invalidGrant(`Invalid ID token (${code || 'unverifiable'})`);
  }
  const email = text(claims.email).toLowerCase();
  if (!claims.sub || !email.includes('@'))
    throw new HttpError(
      400,
      'invalid_request',
      'The identity provider did not share an e-mail address',
    );
  return {
    issuer: entry.issuer,
    subject: claims.sub,
    email,
    emailVerified: claims.email_verified === true,
    givenName: text(claims.given_name),
    familyName: text(claims.family_name),
  };
}
