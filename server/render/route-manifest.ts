import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayLoadContext } from '../../shared/load-context';
import { renderErrorReporter } from '../page/page-context';
import type { RouterHandler } from './router-build';
import { toWebRequest } from './web-request';

// React Router's route manifest (lazy route discovery: `GET /__manifest?paths=…&version=…`, which
// the browser asks for the links a page shows and before a client navigation to a route it does
// not know yet). Its answer is the build's own data, the same for every visitor, so it needs no
// page context: no account, CMS context or cart call (ADR 0298). React Router answers it before
// loaders, middleware or the load context; only its error handler would read the load context,
// to report.
export const MANIFEST_PATH = '/__manifest';

/** Whether a request is a read of the route manifest (other methods go the page's way). */
export function isManifestRead(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const end = url.indexOf('?');
  return (end === -1 ? url : url.slice(0, end)) === MANIFEST_PATH;
}

/**
 * The manifest, from React Router's handler of the whole route tree, sent whole with its length.
 * React Router marks a manifest of the current build immutable (its URL names the build's
 * version); what else it answers here (a stale version's reload, a bad request) is not stored.
 */
export async function answerManifest(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  handler: RouterHandler,
): Promise<FastifyReply> {
  const context: Pick<GatewayLoadContext, 'reportError'> = {
    reportError: renderErrorReporter(app, request),
  };
  const response = await handler(toWebRequest(request, reply), context as GatewayLoadContext);
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') reply.header(name, value);
  });
  if (!response.headers.has('cache-control')) reply.header('cache-control', 'private, no-store');
  if (request.method === 'HEAD' || !response.body) return reply.send();
  return reply.send(Buffer.from(await response.arrayBuffer()));
}
