import type { FastifyInstance } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config';
import { jsonError } from '../errors/json-error';
import type { PageCache } from '../page/page-cache';
import type { TemplateCache } from '../page/template-cache';
import type { Platform } from '../upstream/platform';

// POST /internal/cache/purge with `Authorization: Bearer <CACHE_PURGE_TOKEN>` empties the
// sub-request cache, or only one shop's entries with `?origin=https://shop.example`. Without a
// configured token the endpoint does not exist (404). ADR 0153; it empties the anonymous page
// cache (ADR 0154) and the document templates (ADR 0203) alike.
const digest = (value: string) => createHash('sha256').update(value).digest();

export async function cachePurgePlugin(
  app: FastifyInstance,
  opts: {
    config: Config;
    platform: Platform;
    pageCache?: PageCache | null;
    templates?: TemplateCache | null;
  },
): Promise<void> {
  const { cachePurgeToken } = opts.config;
  if (!cachePurgeToken) return;
  const expected = digest(`Bearer ${cachePurgeToken}`);
  app.post('/internal/cache/purge', async (request, reply) => {
    const given = digest(String(request.headers.authorization ?? ''));
    if (!timingSafeEqual(given, expected))
      return jsonError(reply, 401, 'unauthorized', 'A valid purge token is required');
    const origin = (request.query as { origin?: unknown }).origin;
    if (origin !== undefined && typeof origin !== 'string')
      return jsonError(reply, 400, 'bad_request', 'origin must be one value');
    // The anonymous page cache (ADR 0154) goes too: its pages were made from that data.
    const purged = opts.platform.cache?.purge(origin) ?? 0;
    const pages = opts.pageCache?.purge(origin) ?? 0;
    const templates = opts.templates?.purge(origin) ?? 0;
    request.log.info({ purged, pages, templates, origin }, 'sub-request and page caches purged');
    return reply.header('cache-control', 'no-store').send({ purged });
  });
}
