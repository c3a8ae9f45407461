// Nothing secret leaves in an error report (issue #7 items 1 and 2): cookies, authorization
// headers, tokens, passwords, card numbers, reset and activation keys are replaced in events and
// breadcrumbs, by key name and by the look of the value. Used by the gateway's beforeSend and
// beforeBreadcrumb, by the browser's, and by the tunnel on what browsers send.
import { redactAccountKeys } from './redact-keys';

export const REDACTED = '[redacted]';

const SECRET_KEY =
  /cookie|authori[sz]ation|token|passw(or)?d|secret|credential|card.?number|cardnumber|security.?code|reset.?key|activation.?key|api.?key|private.?key|^(pan|cvc|cvv|cvv2|key|jwt|sid|session)$/i;

// A sign-in callback's `state` and `nonce` with its `code`, as the logs replace them (ADR 0248).
// The name is read once: the lookahead finds a secret word in it, then the name is taken whole.
// Written as `[\w.-]*(?:token|...)[\w.-]*=`, a long name holding the word many times and no `=`
// was read again from each of them: quadratic, in a report anyone may post (ADR 0379).
const QUERY_SECRET =
  /((?:^|[?&;\s,])(?:(?=[\w.-]*(?:token|password|passwd|secret|key|code|auth|session|jwt))[\w.-]+|state|nonce)=)[^&#;\s"')]*/gi;
const ACCOUNT_KEY_PATH = /(\/(?:reset|activation|activate)\/)[^/?#\s"')]+/gi;
const BEARER = /\b(Bearer|Basic)\s+[\w.~+/=-]+/gi;
const CARD_LIKE = /(?<![\w-])\d(?:[ -]?\d){12,18}(?![\w-])/g;

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

// A JWT: three base64url parts, the first a JSON object's ("eyJ"), as the expression
// `\beyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]*` finds it. Not that expression alone: from every "eyJ" it
// reads on to the end of the run of word characters, so a run holding "-eyJ" thousands of times
// was read thousands of times (ADR 0379). Here a start that fails skips the rest of its run:
// every later start in it ends where this one did, and fails there too.
const JWT_START = /\beyJ/g;
const JWT_REST = /[\w-]{5,}\.[\w-]{5,}\.[\w-]*/y;
const RUN_REST = /[\w-]*/y;

function redactJwts(text: string): string {
  let scrubbed = '';
  let copied = 0;
  JWT_START.lastIndex = 0;
  for (let start = JWT_START.exec(text); start; start = JWT_START.exec(text)) {
    const rest = start.index + 'eyJ'.length;
    JWT_REST.lastIndex = rest;
    if (JWT_REST.exec(text)) {
      scrubbed += text.slice(copied, start.index) + REDACTED;
      copied = JWT_REST.lastIndex;
      JWT_START.lastIndex = copied;
    } else {
      RUN_REST.lastIndex = rest;
      RUN_REST.exec(text);
      JWT_START.lastIndex = RUN_REST.lastIndex;
    }
  }
  return copied === 0 ? text : scrubbed + text.slice(copied);
}

/**
 * Secrets inside a free text (a message, a URL, a stack frame's line). A page's path also travels
 * percent-encoded, inside the context call's query (`url=%7B...%2Fprofile%2Freset%2F<key>...`),
 * which a failed context call's report names: account keys are replaced there too, as in the logs
 * (./redact-keys.ts, ADR 0133).
 */
export function scrubText(text: string): string {
  return redactAccountKeys(
    redactJwts(text.replace(BEARER, `$1 ${REDACTED}`))
      .replace(QUERY_SECRET, `$1${REDACTED}`)
      .replace(ACCOUNT_KEY_PATH, `$1${REDACTED}`)
      .replace(CARD_LIKE, (match) => (luhn(match.replace(/\D/g, '')) ? REDACTED : match)),
  );
}

/** What stands for an object or array nested deeper than the scrub reads. */
export const TOO_DEEP = '[too deep]';
const MAX_DEPTH = 12;

/**
 * A deep copy with secret keys replaced and every string scrubbed. Past MAX_DEPTH levels an object
 * or array is replaced whole, never passed on unread: a secret nested deeper would leave as sent.
 */
export function scrubValue<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return scrubText(value) as T;
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_DEPTH) return TOO_DEEP as T;
  if (Array.isArray(value)) return value.map((v) => scrubValue(v, depth + 1)) as T;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    out[key] =
      SECRET_KEY.test(key) && v !== null && v !== undefined ? REDACTED : scrubValue(v, depth + 1);
  }
  return out as T;
}

/** beforeSend: the whole event, minus what may never leave. */
export function scrubEvent<E extends object>(event: E): E {
  const clean = scrubValue(event) as E & {
    request?: { cookies?: unknown; headers?: Record<string, unknown> };
  };
  if (clean.request) {
    delete clean.request.cookies;
    if (clean.request.headers) {
      delete clean.request.headers.cookie;
      delete clean.request.headers.authorization;
    }
  }
  return clean;
}

/** beforeBreadcrumb: same rules for a breadcrumb (its message, URL and data). */
export function scrubBreadcrumb<B extends object>(breadcrumb: B): B {
  return scrubValue(breadcrumb);
}
