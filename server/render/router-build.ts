import type { FastifyInstance } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { GatewayLoadContext } from '../../shared/load-context';
import { prepareBuild, type RenderSource } from './build-source';
import { routeBranches } from './route-branches';

/** entry.server's filler; `lead` goes first in the document's <body> (the consent banner). */
export type FillDocument = (
  template: unknown,
  loadContext: GatewayLoadContext,
  lead?: string,
) => Promise<Buffer>;
export type RouterHandler = ReturnType<typeof createRequestHandler>;

export type RouterBuild = {
  production: boolean;
  getBuild(): Promise<ServerBuild>;
  /**
   * React Router's handler: the production build's, or the development build's of the moment.
   * With `documentPath` (a document's path as React Router reads it), in production, the handler
   * of the routes that document can use (./route-branches.ts, ADR 0297).
   */
  handler(documentPath?: string): Promise<RouterHandler>;
  /** entry.server's filler of document templates (ADR 0203), in production only. */
  fillDocument?: FillDocument;
};

/** React Router's build, its request handler and, in production, the build id reports carry. */
export async function loadRouterBuild(
  app: FastifyInstance,
  source: RenderSource,
): Promise<RouterBuild> {
  const provider = await prepareBuild(app, source);
  const production = provider.mode === 'production';
  const productionHandler = production
    ? createRequestHandler(await provider.getBuild(), 'production')
    : null;
  const branches =
    production && !(source.kind === 'build' && source.wholeRouteTree)
      ? routeBranches(await provider.getBuild())
      : null;
  if (production) app.reporter.setBuildId((await provider.getBuild()).assets?.version ?? 'unknown');
  const entry = production ? (await provider.getBuild()).entry?.module : undefined;
  return {
    production,
    getBuild: () => provider.getBuild(),
    handler: async (documentPath) =>
      (documentPath !== undefined ? branches?.handlerFor(documentPath) : null) ??
      productionHandler ??
      createRequestHandler(await provider.getBuild(), 'development'),
    fillDocument: (entry as { fillDocument?: FillDocument } | undefined)?.fillDocument,
  };
}
