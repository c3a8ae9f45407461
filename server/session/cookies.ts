import type { CookieSerializeOptions, SerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TokenPair } from '../../shared/contracts/uaa';
import type { Config } from '../config';
import { provesSession, sessionProof } from './session-proof';

// The token cookies (brief, "Contracts"): httpOnly, Secure, SameSite=Lax, Path=/. Only the gateway
// sets and clears them (sign-in, guest, refresh, sign-out). See docs/decisions/0021.
export const ACCESS_COOKIE = 'access_token';
export const REFRESH_COOKIE = 'refresh_token';
/** The gateway's proof that it set the refresh cookie (./session-proof.ts, ADR 0357). */
export const PROOF_COOKIE = 'session_proof';

/** What setting and clearing the cookies reads of the configuration. */
export type CookieConfig = Pick<Config, 'cookieSecure' | 'pageProofSecret'>;

/** @fastify/cookie's `serializeCookie` (the app's decorator). */
export type SerializeCookie = (name: string, value: string, options: SerializeOptions) => string;

export type TokenCookies = { accessToken: string | null; refreshToken: string | null };

const MAX_TOKEN_LENGTH = 8192;
// RFC 6750 b64token: what a Bearer token can be. Anything else (CR/LF, %00 once decoded, spaces,
// quotes) is the client's own doing and is treated as no token: it never reaches a header bound
// upstream (issue #12 item 2, docs/decisions/0121).
const B64TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;

export function readTokenCookies(request: FastifyRequest): TokenCookies {
  return {
    accessToken: usable(request.cookies[ACCESS_COOKIE]),
    refreshToken: usable(request.cookies[REFRESH_COOKIE]),
  };
}

// An empty, absurdly long or malformed value is no token; it is never sent upstream.
export function usable(value: string | undefined): string | null {
  return value && value.length <= MAX_TOKEN_LENGTH && B64TOKEN.test(value) ? value : null;
}

function attributes(config: CookieConfig): SerializeOptions & CookieSerializeOptions {
  return { httpOnly: true, secure: config.cookieSecure, sameSite: 'lax', path: '/' };
}

/** Both token cookies live as long as the session, when uaa says how long that is. */
function setOptions(pair: TokenPair, config: CookieConfig) {
  const sessionSeconds = pair.refresh_expires_in;
  return sessionSeconds === undefined
    ? attributes(config)
    : { ...attributes(config), maxAge: sessionSeconds };
}

/**
 * The access cookie lives as long as the session (refresh_expires_in) while the token inside it
 * expires after expires_in: the gateway must still see the expired token to refresh it, since the
 * account is only asked for when both cookies exist (specification section 4; ADR 0021).
 */
export function setTokenCookies(reply: FastifyReply, pair: TokenPair, config: CookieConfig): void {
  const options = setOptions(pair, config);
  // The proof names the shop the cookies are set for: the request's (./session-proof.ts).
  const proof = sessionProof(pair.refresh_token, reply.request.shopOrigin, config.pageProofSecret);
  reply.setCookie(ACCESS_COOKIE, pair.access_token, options);
  reply.setCookie(REFRESH_COOKIE, pair.refresh_token, options);
  reply.setCookie(PROOF_COOKIE, proof, options);
}

/** The Set-Cookie values of `setTokenCookies` for `shopOrigin`, for an answer without a reply. */
export function tokenCookieValues(
  serialize: SerializeCookie,
  pair: TokenPair,
  shopOrigin: string,
  config: CookieConfig,
): string[] {
  const options = setOptions(pair, config);
  const proof = sessionProof(pair.refresh_token, shopOrigin, config.pageProofSecret);
  return [
    serialize(ACCESS_COOKIE, pair.access_token, options),
    serialize(REFRESH_COOKIE, pair.refresh_token, options),
    serialize(PROOF_COOKIE, proof, options),
  ];
}

/** The cookies of a session, all cleared when it ends (sign-out, a refused renewal). */
export const SESSION_COOKIES = [ACCESS_COOKIE, REFRESH_COOKIE, PROOF_COOKIE] as const;
type SessionCookie = (typeof SESSION_COOKIES)[number];

/** The Set-Cookie values of `clearTokenCookies` (as @fastify/cookie clears a cookie). */
export function clearedCookieValues(
  serialize: SerializeCookie,
  config: CookieConfig,
  names: readonly SessionCookie[] = SESSION_COOKIES,
): string[] {
  const cleared = { ...attributes(config), expires: new Date(0), maxAge: 0 };
  return names.map((name) => serialize(name, '', cleared));
}

/** Clears the cookies with the attributes they were set with, so the browser matches them. */
export function clearTokenCookies(
  reply: FastifyReply,
  config: CookieConfig,
  names: readonly SessionCookie[] = SESSION_COOKIES,
): void {
  for (const name of names) reply.clearCookie(name, attributes(config));
}

/**
 * True when the request's refresh cookie carries the proof this gateway set with it for this
 * shop origin: a token it got from uaa, never a made-up one (ADR 0357).
 */
export function sessionVouched(
  request: Pick<FastifyRequest, 'cookies' | 'shopOrigin'>,
  config: Pick<Config, 'pageProofSecret'>,
): boolean {
  const { cookies, shopOrigin } = request;
  const refreshToken = usable(cookies[REFRESH_COOKIE]);
  return (
    refreshToken !== null &&
    provesSession(refreshToken, shopOrigin, cookies[PROOF_COOKIE], config.pageProofSecret)
  );
}
