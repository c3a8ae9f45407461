import type { IncomingHttpHeaders, OutgoingHttpHeader, ServerResponse } from 'node:http';
import type { GatewayError } from '../../shared/contracts/errors';
import type { HeaderPairs } from '../upstream/header-pairs';
import type { Shaped } from './error-body';
import { downstreamHeaders, PRIVATE_POLICY } from './headers';

// What the proxy engine writes to the visitor's response itself (it never goes through a
// Fastify reply): the head of an answer streamed from the upstream, and an answer in the
// gateway's error shape { error: { code, message, cid } } (brief, "Contracts"; ADR 0127).

/** Who the answer is for, and what every answer to it carries. */
export type AnswerFrame = {
  cid: string;
  method: string;
  /** The gateway's headers so far (security headers, CID), as a flat list of lower-case names. */
  own: HeaderPairs;
  /**
   * Set-Cookie values of a renewal made for this call (new tokens, or the session's cleared), or
   * the clearing of an expired access cookie nothing can renew (ADR 0391).
   */
  cookies: readonly string[];
  /** The id of the error report this request produced, if any (X-Event-Id). */
  eventId: string | undefined;
  /** The gateway is shutting down: the connection is not kept. */
  closing: boolean;
};

/**
 * The head of an upstream answer as the visitor gets it: the gateway's own headers (but those
 * the upstream sets itself), then the upstream's that may cross (./headers.ts), then the
 * renewal's cookies. `policy`: a public answer's cache policy when the upstream sent none; an
 * answer that sets cookies is never public (`finish`).
 */
export function answerHead(
  frame: AnswerFrame,
  upstream: IncomingHttpHeaders,
  credentialed: boolean,
  policy: string | null,
): HeaderPairs {
  const crossing = downstreamHeaders(upstream, credentialed);
  if (policy && crossing['cache-control'] === undefined) crossing['cache-control'] = policy;
  const pairs: HeaderPairs = [];
  const { own } = frame;
  for (let i = 0; i < own.length; i += 2) {
    if (crossing[own[i] as string] === undefined) pairs.push(own[i]!, own[i + 1]!);
  }
  for (const name in crossing) pairs.push(name, crossing[name]!);
  return finish(frame, pairs);
}

// The upstream's framing of its own body does not describe the gateway's error body.
const FRAMING = new Set(['content-length', 'content-encoding', 'content-type', 'etag']);

/**
 * Answers with the gateway's error shape. `upstream`: the headers of the upstream answer this
 * error stands for (its Retry-After, WWW-Authenticate ... cross as on a successful answer).
 */
export function writeError(
  res: ServerResponse,
  frame: AnswerFrame,
  status: number,
  error: Shaped,
  upstream: IncomingHttpHeaders | null = null,
): void {
  const body: GatewayError = {
    error: { code: error.code, message: error.message, cid: frame.cid },
  };
  if (error.details) body.error.details = error.details;
  const text = JSON.stringify(body);
  const pairs: HeaderPairs = [];
  const crossing = upstream ? downstreamHeaders(upstream, true) : {};
  for (const name of FRAMING) delete crossing[name];
  const { own } = frame;
  for (let i = 0; i < own.length; i += 2) {
    const name = own[i] as string;
    if (crossing[name] === undefined && !FRAMING.has(name)) pairs.push(name, own[i + 1]!);
  }
  for (const name in crossing) {
    if (name !== 'cache-control') pairs.push(name, crossing[name]!);
  }
  pairs.push(
    'cache-control',
    PRIVATE_POLICY,
    'content-type',
    'application/json; charset=utf-8',
    'content-length',
    Buffer.byteLength(text),
  );
  if (frame.eventId) pairs.push('x-event-id', frame.eventId);
  res.writeHead(status, finish(frame, pairs) as OutgoingHttpHeader[]);
  res.end(frame.method === 'HEAD' ? undefined : text);
}

/** Every answer's last headers: the renewal's cookies, and whether the connection ends. */
function finish(frame: AnswerFrame, pairs: HeaderPairs): HeaderPairs {
  if (frame.cookies.length > 0) setCookies(pairs, frame.cookies);
  if (frame.closing) pairs.push('connection', 'close');
  return pairs;
}

/**
 * Adds the frame's Set-Cookie (a new token pair, or cookies cleared). Such an answer is this
 * visitor's alone whatever its body: a public picture or catalogue answer that carried them
 * would let a shared cache (ADR 0155 allows one) hand one shopper's tokens to the next, or clear
 * every shopper's session. So its policy becomes `private, no-store`, here where every proxied
 * answer gets its cookies (streamed or an error, first try or second).
 */
function setCookies(pairs: HeaderPairs, cookies: readonly string[]): void {
  let policySet = false;
  // By name only: a value may be the string 'cache-control' too (Vary: cache-control).
  for (let i = 0; i < pairs.length; i += 2) {
    if (pairs[i] !== 'cache-control') continue;
    pairs[i + 1] = PRIVATE_POLICY;
    policySet = true;
  }
  if (!policySet) pairs.push('cache-control', PRIVATE_POLICY);
  pairs.push('set-cookie', cookies);
}
