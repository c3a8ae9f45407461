import type { FastifyReply } from 'fastify';
import type { DocumentHtml } from '../../shared/load-context';

// A document from the page cache or a template: its render's headers, then this response's
// own (no shared caching, its nonce's CSP) and the hit.
export function sendKeptDocument(
  reply: FastifyReply,
  kept: {
    headers: [string, string][];
    html: DocumentHtml;
    csp: string;
    hitHeader: 'x-page-cache' | 'x-page-template';
  },
) {
  for (const [name, value] of kept.headers) reply.header(name, value);
  return reply
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', kept.csp)
    .header(kept.hitHeader, 'hit')
    .send(kept.html);
}
