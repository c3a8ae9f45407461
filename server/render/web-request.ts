import type { FastifyReply, FastifyRequest } from 'fastify';
import { pageUrl } from '../request/target';

// The Fetch API Request React Router handles, built from the Fastify request. Its URL is the shop
// origin the gateway trusts (never an untrusted X-Forwarded-Host) and the checked path: a target
// such as `//evil.example/x` never becomes the URL's host (issue #12 item 4). A client that goes
// away aborts the render and its loaders. `onHeaderRead` is told each time code reads its headers:
// a page made from them (a User-Agent, a cookie) is not the same for everyone, so no cache keeps it.
export function toWebRequest(
  request: FastifyRequest,
  reply: FastifyReply,
  onHeaderRead?: () => void,
): Request {
  const url = pageUrl(request.shopOrigin, request.url);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  // The body was read by the page scope's parser, within the body limit (plugins/render.ts).
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  const webRequest = new Request(url, {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body } : {}),
  } as RequestInit);
  if (!onHeaderRead) return webRequest;
  const watched = watchedHeaders(webRequest.headers, onHeaderRead);
  return Object.defineProperty(webRequest, 'headers', { get: () => watched });
}

/** What a Headers object answers without being read. */
const NOT_READS = new Set<PropertyKey>(['set', 'append', 'delete']);

/** The headers, each read of them (a method call other than a change) told to `onRead`. */
function watchedHeaders(headers: Headers, onRead: () => void): Headers {
  return new Proxy(headers, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (!NOT_READS.has(key)) onRead();
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}
