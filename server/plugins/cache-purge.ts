import type { FastifyInstance } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { PurgeQuery } from '../api/schemas';
import type { Config } from '../config';
import { jsonError } from '../errors/json-error';
import type { PageCache } from '../page/page-cache';
import type { TemplateCache } from '../page/template-cache';
import type { Platform } from '../upstream/platform';
import { openPurgeChannel } from '../replicas/purge-channel';
import type { Replicas } from '../replicas/redis';

// POST /internal/cache/purge with `Authorization: Bearer <CACHE_PURGE_TOKEN>` empties the
// sub-request cache, or only one shop's entries with `?origin=https://shop.example`. Without a
// configured token the endpoint does not exist (404). ADR 0153; it empties the anonymous page
// cache (ADR 0154) and the document templates (ADR 0203) alike. With REDIS_URL, every other
// replica empties the same caches at once (ADR 0221); the answer says how many heard it.
const digest = (value: string) => createHash('sha256').update(value).digest();

export async function cachePurgePlugin(
  app: FastifyInstance,
  opts: {
    config: Config;
    platform: Platform;
    pageCache?: PageCache | null;
    templates?: TemplateCache | null;
    replicas?: Replicas | null;
  },
): Promise<void> {
  // The page cache (ADR 0154), the templates and the known products and brands (ADR 0275) go
  // too: they were learned from that data.
  const purgeHere = (origin: string | undefined) => ({
    purged: opts.platform.cache?.purge(origin) ?? 0,
    pages: opts.pageCache?.purge(origin) ?? 0,
    templates: opts.templates?.purge(origin) ?? 0,
    names: opts.platform.names?.purge(origin) ?? 0,
  });
  // Every replica listens, even one without the token: the purge may be asked of another.
  const channel = opts.replicas
    ? await openPurgeChannel(opts.replicas, (origin) => void purgeHere(origin), app.log)
    : null;
  const { cachePurgeToken } = opts.config;
  if (!cachePurgeToken) return;
  const expected = digest(`Bearer ${cachePurgeToken}`);
  app.post('/internal/cache/purge', async (request, reply) => {
    const given = digest(String(request.headers.authorization ?? ''));
    if (!timingSafeEqual(given, expected))
      return jsonError(reply, 401, 'unauthorized', 'A valid purge token is required');
    // The query's schema is the one the OpenAPI document shows (server/api/schemas.ts, ADR 0232).
    const query = PurgeQuery.safeParse(request.query);
    if (!query.success) return jsonError(reply, 400, 'bad_request', 'origin must be one value');
    const { origin } = query.data;
    const { purged, pages, templates, names } = purgeHere(origin);
    const replicas = channel ? await channel.publish(origin) : undefined;
    request.log.info(
      { purged, pages, templates, names, origin, replicas },
      'sub-request and page caches purged',
    );
    return reply
      .header('cache-control', 'no-store')
      .send(replicas === undefined ? { purged } : { purged, replicas });
  });
}
