import type { IncomingHttpHeaders, OutgoingHttpHeader, ServerResponse } from 'node:http';
import type { GatewayError } from '../../shared/contracts/errors';
import type { HeaderPairs } from '../upstream/header-pairs';
import type { Shaped } from './error-body';
import { downstreamHeaders } from './headers';

// What the proxy engine writes to the visitor's response itself (it never goes through a
// Fastify reply): the head of an answer streamed from the upstream, and an answer in the
// gateway's error shape { error: { code, message, cid } } (brief, "Contracts"; ADR 0127).

/** Who the answer is for, and what every answer to it carries. */
export type AnswerFrame = {
  cid: string;
  method: string;
  /** The gateway's headers so far (security headers, CID), as a flat list of lower-case names. */
  own: HeaderPairs;
  /** Set-Cookie values of a renewal made for this call (new tokens, or both cleared). */
  cookies: readonly string[];
  /** The id of the error report this request produced, if any (X-Event-Id). */
  eventId: string | undefined;
  /** The gateway is shutting down: the connection is not kept. */
  closing: boolean;
};

/**
 * The head of an upstream answer as the visitor gets it: the gateway's own headers (but those
 * the upstream sets itself), then the upstream's that may cross (./headers.ts), then the
 * renewal's cookies. `policy`: a public answer's cache policy when the upstream sent none.
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
    'private, no-store',
    'content-type',
    'application/json; charset=utf-8',
    'content-length',
    Buffer.byteLength(text),
  );
  if (frame.eventId) pairs.push('x-event-id', frame.eventId);
  res.writeHead(status, finish(frame, pairs) as OutgoingHttpHeader[]);
  res.end(frame.method === 'HEAD' ? undefined : text);
}

function finish(frame: AnswerFrame, pairs: HeaderPairs): HeaderPairs {
  if (frame.cookies.length > 0) pairs.push('set-cookie', frame.cookies);
  if (frame.closing) pairs.push('connection', 'close');
  return pairs;
}
