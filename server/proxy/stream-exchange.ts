import type { FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders, OutgoingHttpHeader, ServerResponse } from 'node:http';
import { PassThrough, type Writable } from 'node:stream';
import { errors, util, type Dispatcher } from 'undici';
import type { HeaderPairs } from '../upstream/header-pairs';
import { directAnswerHeaders } from './answer-headers';
import { connectionNamed, downstreamHeaders, upstreamRequestPairs } from './headers';
import { withPublicPolicy } from './public-answers';

const { RequestAbortedError } = errors;

// The proxy's fast path for a read (GET or HEAD without a body), the bulk of proxied calls
// (docs/decisions/0158): undici's `stream()` (its API for proxies) writes the upstream's body
// straight into the visitor's socket, without reply-from's layers, an intermediate body stream,
// a pipe and Fastify's send path. A successful answer (< 400) is written here, with the headers
// the gateway had already set (security headers, CID). Any other answer goes back to the caller
// with its body as a stream, to be sent through Fastify's reply as before (error handling, the
// X-Event-Id of a reported failure, a token renewal's cookies). Writes keep the reply-from path.
export type UpstreamAnswer = {
  statusCode: number;
  headers: IncomingHttpHeaders;
  stream: NodeJS.ReadableStream & { destroy(): void };
};

export type Attempt =
  | { kind: 'written'; statusCode: number }
  | { kind: 'answer'; answer: UpstreamAnswer }
  | { kind: 'failed'; error: Error };

export type AttemptOptions = {
  dispatcher: Dispatcher;
  origin: string;
  path: string;
  timeoutMs: number;
  signal: LeaveSignal;
  accessToken: string | null;
  /** A successful answer may be written directly (no cookie was set or cleared for it). */
  direct: boolean;
  /** A public answer's cache policy when the upstream sent none (ADR 0155). */
  cachePolicy?: string | null;
  /**
   * Called once the answer is to be written directly: takes the response over (Fastify's reply
   * is hijacked) and gives the gateway's headers set so far (security headers, CID), as a flat
   * list of names (lower case) and values.
   */
  takeOver(): HeaderPairs;
};

/** What an attempt needs of the browser's request (a Fastify request, or the fast path's). */
export type ReadRequest = {
  method: string;
  headers: IncomingHttpHeaders;
  cid: string;
  shopOrigin: string;
  shuttingDown(): boolean;
};

export function readRequestOf(request: FastifyRequest): ReadRequest {
  return {
    method: request.method,
    headers: request.headers,
    cid: request.cid,
    shopOrigin: request.shopOrigin,
    shuttingDown: () => request.server.shuttingDown,
  };
}

/** True when the request has no body to forward: the fast path applies. */
export function isBodilessRead(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] === undefined && (!length || length === '0');
}

/**
 * reply-from's own refusal, kept for the fast path so that both paths refuse the same targets:
 * `..` starting or ending a segment anywhere in the decoded path and query (`/...slug` too).
 */
export function refusedLikeReplyFrom(pathAndQuery: string): boolean {
  try {
    const decoded = decodeURIComponent(pathAndQuery);
    return decoded.includes('/..') || decoded.includes('../');
  } catch {
    return true;
  }
}

/** The browser's headers minus those its Connection header names (as reply-from drops them). */
function incomingHeaders(request: ReadRequest): IncomingHttpHeaders {
  const named = connectionNamed(request.headers.connection);
  if (named.size === 0) return request.headers;
  const kept: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(request.headers))
    if (!named.has(name)) kept[name] = value;
  return kept;
}

/**
 * How an attempt learns that the visitor left: an AbortSignal (the route's) or anything with the
 * same three members (the fast path's `Departure`, ./departure.ts).
 */
export type LeaveSignal = {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void): void;
  removeEventListener(type: 'abort', listener: () => void): void;
};

/** One upstream exchange; resolves once the upstream answered (or failed before answering). */
export function streamAttempt(
  request: ReadRequest,
  res: ServerResponse,
  options: AttemptOptions,
): Promise<Attempt> {
  return new Promise<Attempt>((resolve) => dispatchRead(request, res, options, resolve));
}

/**
 * `streamAttempt` without its promise: `settle` is called once the upstream answered (or failed
 * before answering), from undici's callbacks or, for a dispatch that throws, before this returns.
 * The fast path's common case then makes no promise at all (each costs an async-context hook and
 * a microtask; docs/decisions/0201).
 */
export function dispatchRead(
  request: ReadRequest,
  res: ServerResponse,
  options: AttemptOptions,
  settle: (attempt: Attempt) => void,
): void {
  const headers = upstreamRequestPairs(incomingHeaders(request), {
    cid: request.cid,
    shopOrigin: request.shopOrigin,
    accessToken: options.accessToken,
  });
  const exchange = new ReadExchange(request, res, options, settle);
  try {
    options.dispatcher.dispatch(
      {
        origin: options.origin,
        path: options.path,
        method: request.method as Dispatcher.HttpMethod,
        headers: headers as string[],
        headersTimeout: options.timeoutMs,
        bodyTimeout: options.timeoutMs,
      },
      exchange as unknown as Dispatcher.DispatchHandler,
    );
  } catch (error) {
    exchange.onError(error as Error);
  }
}

type Abort = (reason?: Error) => void;

/**
 * undici's dispatch handler for one read (the callbacks its client calls natively): what its
 * `stream()` API did for us, without the AbortSignal listener and async resource it costs per call
 * (~30 % of a proxied read's CPU, ADR 0201). The answer's body goes to the visitor's socket (or,
 * for an answer the caller sends itself, to a PassThrough), pausing the upstream while the socket
 * is full; the visitor leaving aborts the upstream call.
 */
class ReadExchange {
  private body: Writable | null = null;
  private abort: Abort | null = null;
  private settled = false;
  private resume: (() => void) | null = null;
  private draining = false;
  private readonly leave = () => this.abort?.(new RequestAbortedError());

  constructor(
    private readonly request: ReadRequest,
    private readonly res: ServerResponse,
    private readonly options: AttemptOptions,
    private readonly settle: (attempt: Attempt) => void,
  ) {}

  onConnect(abort: Abort): void {
    if (this.options.signal.aborted) return abort(new RequestAbortedError());
    this.abort = abort;
    this.options.signal.addEventListener('abort', this.leave);
  }

  onHeaders(
    statusCode: number,
    rawHeaders: Buffer[],
    resume: () => void,
    _statusText?: string,
  ): boolean {
    if (statusCode < 200 || this.settled) return true; // 1xx: informational only
    this.settled = true;
    const { options } = this;
    let body: Writable;
    if (statusCode >= 400 || !options.direct) {
      const downstream = downstreamHeaders(
        util.parseHeaders(rawHeaders) as IncomingHttpHeaders,
        options.accessToken !== null,
      );
      const headers = options.cachePolicy
        ? withPublicPolicy(downstream, options.cachePolicy)
        : downstream;
      const stream = new PassThrough();
      body = stream;
      this.settle({ kind: 'answer', answer: { statusCode, headers, stream } });
    } else {
      const out = directAnswerHeaders(
        rawHeaders,
        options.takeOver(),
        options.accessToken !== null,
        options.cachePolicy,
      );
      if (this.request.shuttingDown()) out.push('connection', 'close');
      this.res.writeHead(statusCode, out as OutgoingHttpHeader[]);
      body = this.res;
      this.settle({ kind: 'written', statusCode });
    }
    this.body = body;
    this.resume = resume;
    return body.writableNeedDrain ? this.waitForDrain(body) : true;
  }

  onData(chunk: Buffer): boolean {
    const body = this.body;
    if (!body || body.write(chunk)) return true;
    return this.waitForDrain(body);
  }

  /**
   * The visitor's side is full: undici pauses until it drained. Listened for only then (most
   * answers fit at once), one listener at a time.
   */
  private waitForDrain(body: Writable): false {
    if (!this.draining) {
      this.draining = true;
      body.once('drain', () => {
        this.draining = false;
        this.resume?.();
      });
    }
    return false;
  }

  onComplete(): void {
    this.options.signal.removeEventListener('abort', this.leave);
    this.body?.end();
  }

  onError(error: Error): void {
    this.options.signal.removeEventListener('abort', this.leave);
    // Once the answer has started, all that can be done is to cut it (as before).
    if (this.body) return void this.body.destroy(error);
    if (this.settled) return;
    this.settled = true;
    this.settle({ kind: 'failed', error });
  }
}
