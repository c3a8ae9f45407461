import type { FastifyReply, FastifyRequest } from 'fastify';
import { pageUrl } from '../request/target';

// The Fetch API Request React Router handles, built from the Fastify request. Its URL is the shop
// origin the gateway trusts (never an untrusted X-Forwarded-Host) and the checked path: a target
// such as `//evil.example/x` never becomes the URL's host (issue #12 item 4). A client that goes
// away aborts the render and its loaders.
export function toWebRequest(request: FastifyRequest, reply: FastifyReply): Request {
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
  return new Request(url, {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body } : {}),
  } as RequestInit);
}
