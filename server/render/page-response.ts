import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendCacheTally } from '../cache/tally';
import type { PageCacheKeeper } from '../page/page-cache';
import type { PageDependencies } from '../page/page-load-context';
import type { EarlyDocuments } from './early-document';
import { PAGE_READS } from './page-methods';
import type { PageOutcome } from './page-render';

type Answered = Extract<PageOutcome, { kind: 'response' }>;

/**
 * React Router's answer to the visitor: its status, headers and cookies, no shared caching (a
 * page shows its visitor), the CSP with this response's nonce, the template's fate, then the
 * document whole; a document the page cache may keep is offered to it.
 */
export async function sendPageResponse(
  request: FastifyRequest,
  reply: FastifyReply,
  { response, rendered, templateKept }: Answered,
  page: {
    csp: string;
    nonce: string;
    dependencies: PageDependencies;
    /** The page cache's key for this request, or null when it is not to be kept. */
    cacheKey: string | null;
    keeper: PageCacheKeeper | null;
    earlyDocuments: EarlyDocuments | null;
  },
) {
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') reply.header(name, value);
  });
  // React Router's 405 is a form posted to a page without an action: its Allow names what the
  // page takes (RFC 9110; ADR 0385).
  if (response.status === 405 && !response.headers.has('allow'))
    reply.header('allow', PAGE_READS.join(', '));
  if (templateKept !== null) reply.header('x-page-template', templateKept ? 'miss' : 'bypass');
  for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
  // Pages carry the visitor's account: never stored by a shared cache.
  reply.header('cache-control', 'private, no-store');
  sendCacheTally(request, reply);
  if ((response.headers.get('content-type') ?? '').startsWith('text/html'))
    reply.header('content-security-policy', page.csp);
  if (request.method === 'HEAD') return reply.send();
  // A document goes out as one string: compressed in one call, sent with its length.
  if (rendered !== null) {
    // Each shop's early head and its products and brands are learned from whole documents.
    page.earlyDocuments?.learn(request, response.status, rendered.html, page.nonce);
    // Not kept: a page made from the request's headers, or one its route says is not to
    // be stored (ADR 0246).
    const storable = !/no-store|private/i.test(response.headers.get('cache-control') ?? '');
    if (
      page.cacheKey !== null &&
      response.status === 200 &&
      page.dependencies.headerReads === 0 &&
      storable
    ) {
      const headers: [string, string][] = [];
      response.headers.forEach((value, name) => headers.push([name, value]));
      page.keeper!.offer(request, {
        key: page.cacheKey,
        headers,
        html: rendered.html,
        nonce: page.nonce,
      });
    }
    return reply.send(rendered.html);
  }
  if (!response.body) return reply.send();
  // React Router's data answers (.data, its manifest) and resource routes are complete once
  // made: no loader defers data (ADR 0212). Sent whole, with their length.
  return reply.send(Buffer.from(await response.arrayBuffer()));
}
