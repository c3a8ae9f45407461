import { createHash } from 'node:crypto';

// The vocabulary of the proxy engine's model test (tests/integration/proxy-engine-model.test.ts):
// what a scenario is made of, what is observed when it is played (./scripted-upstream.ts), and
// the bodies the scripted service sends.

/**
 * The visitor's session: none, an access token valid for 10 minutes, or one expired a minute ago,
 * with its refresh token or alone (nothing to renew it with).
 */
export type Session = 'anonymous' | 'valid' | 'expired' | 'valid alone' | 'expired alone';
/**
 * What uaa does with the visitor's refresh token when the gateway renews: a new pair; invalid_grant
 * (revoked); already spent by another replica (uaa answers invalid_grant, as for a replay); or
 * already spent by this gateway for another request of the visitor a moment ago.
 */
export type Refresh = 'accepted' | 'refused' | 'rotated-elsewhere' | 'rotated-here';
export const REQUESTS = {
  GET: { method: 'GET', target: '/api/services/profile/api/v1/payment-methods' },
  HEAD: { method: 'HEAD', target: '/api/services/profile/api/v1/payment-methods' },
  POST: { method: 'POST', target: '/api/services/orders/api/v1/orders', body: '{"n":1}' },
  PUT: { method: 'PUT', target: '/api/services/orders/api/v1/orders/o1', body: '{"n":2}' },
  PATCH: { method: 'PATCH', target: '/api/services/orders/api/v1/orders/o1', body: '{"n":3}' },
  DELETE: { method: 'DELETE', target: '/api/services/orders/api/v1/orders/o1' },
  'GET copyBookingToCart': {
    method: 'GET',
    target: '/api/services/booking-ms/api/v1/bookings/cart/copyBookingToCart?bookingId=b1',
  },
  'GET public catalogue': { method: 'GET', target: '/api/services/catalogue/api/v1/brands' },
} as const satisfies Record<string, { method: string; target: string; body?: string }>;
export type RequestKind = keyof typeof REQUESTS;
/** What the service does with one call: answer with a status, never answer, reset, or 3 MiB. */
export type Answer =
  200 | 201 | 204 | 304 | 401 | 403 | 404 | 429 | 500 | 503 | 'slow' | 'reset' | 'large';

export type Scenario = {
  session: Session;
  refresh: Refresh;
  request: RequestKind;
  /** The service's answer to the first call, and to any later one. */
  answers: readonly [Answer, Answer];
  /** The visitor leaves once the service has the call, before it answers. */
  leaves: boolean;
};

/** Which token a call to the service carried as Bearer. */
export type Bearer = 'original' | 'fresh' | 'none' | `other: ${string}`;

export type Observed = {
  serviceCalls: number;
  bearers: Bearer[];
  uaaCalls: number;
  /** Complete responses on the connection (and bytes after them, which must not exist). */
  responses: number;
  trailingBytes: number;
  answer: {
    status: number;
    /** `error <code>` for the error shape with the answer's CID, else the body's digest. */
    body: string;
    /** The Cache-Control of a successful answer: public, private (no-store) or none. */
    policy: 'public' | 'private' | 'none' | null;
  } | null;
  /**
   * The token cookies after the answer's Set-Cookie: kept, renewed (to uaa's new pair), cleared,
   * or the access cookie alone cleared.
   */
  cookies: 'kept' | 'renewed' | 'cleared' | 'access cleared' | `other: ${string}` | null;
  /** Warning and error log lines: message and error code. */
  warnings: string[];
};

export const PROXY_TIMEOUT_MS = 600;
const LARGE = Buffer.alloc(3 * 1024 * 1024, 'storefront ');

/** An unsigned JWT-shaped token named `name`, expiring in `seconds` (the gateway reads exp). */
export function jwt(name: string, seconds: number): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) + seconds;
  return `${part({ alg: 'ES256' })}.${part({ sub: name, exp })}.c2ln`;
}

/** The body the service sends for an answer (none for 204 and 304). */
export function bodyOf(answer: Answer): Buffer | null {
  if (answer === 'large') return LARGE;
  if (answer === 'slow' || answer === 'reset' || answer === 204 || answer === 304) return null;
  if (answer >= 400) {
    return Buffer.from(
      JSON.stringify({ error: { code: `scripted_${answer}`, message: `scripted ${answer}` } }),
    );
  }
  return Buffer.from(JSON.stringify({ scripted: answer }));
}

/** How an answer's body is compared: its length and a hash ('' for none). */
export function digest(body: Buffer | null): string {
  if (!body || body.length === 0) return '';
  return `${body.length} bytes ${createHash('sha256').update(body).digest('hex').slice(0, 12)}`;
}
