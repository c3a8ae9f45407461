import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../../server/app';
import { loadConfig } from '../../server/config';
import { startFakeUpstream, type FakeUpstream } from './fake-upstream';

// A gateway that renders pages: the production build (npm run build) against a recording fake
// platform, with its log lines collected. For the gateway's own endpoints without pages (no build
// needed), see ./endpoint-gateway.ts.
export type PageGateway = {
  app: FastifyInstance;
  upstream: FakeUpstream;
  logs: Record<string, unknown>[];
};

export const TEST_CONTEXT = {
  tenant: { id: 'fresh', name: 'Fresh Market', currency: 'EUR' },
  page: { isLoggedIn: false, siteError: null },
};

/**
 * Answers the context call like a CMS: echoes the cid, as a JSON-encoded string (the JSON text of
 * a string whose content is the context's JSON, specification section 7), or with `asString`
 * false as a JSON object. The fake sends a string body as it is, so the string form is encoded
 * twice here.
 */
export function serveContext(
  upstream: FakeUpstream,
  extra: Record<string, unknown> = {},
  asString = true,
) {
  upstream.on('GET', '/cms-api/context', (request) => {
    const url = JSON.parse(request.query.get('url') ?? '{}');
    const body = { cid: request.query.get('cid'), url, ...TEST_CONTEXT, ...extra };
    return asString
      ? {
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(JSON.stringify(body)),
        }
      : { body };
  });
}

export async function startPageGateway(
  env: Record<string, string> = {},
  options: AppOptions = {},
): Promise<PageGateway> {
  const upstream = await startFakeUpstream();
  const logs: Record<string, unknown>[] = [];
  const config = loadConfig({
    PLATFORM_URL: upstream.url,
    LOG_LEVEL: 'info',
    NODE_ENV: 'test',
    CONTEXT_TIMEOUT_MS: '1000',
    ...env,
  });
  const app = await buildApp(config, {
    ...options,
    logStream: { write: (line: string) => void logs.push(JSON.parse(line)) },
  });
  await app.ready();
  return { app, upstream, logs };
}
