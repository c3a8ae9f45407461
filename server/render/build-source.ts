import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';

// Where the React Router server build comes from: the built files (production, tests) or Vite's
// dev server with HMR (npm run dev). Each source also serves the browser's assets.
// `wholeRouteTree`: every document through the handler of all the routes, as before ADR 0297
// (tests compare the two).
export type RenderSource =
  { kind: 'build'; dir?: string; wholeRouteTree?: boolean } | { kind: 'vite' };

export type BuildProvider = {
  getBuild(): Promise<ServerBuild>;
  mode: 'production' | 'development';
};

export async function prepareBuild(
  app: FastifyInstance,
  source: RenderSource,
): Promise<BuildProvider> {
  return source.kind === 'vite'
    ? prepareVite(app)
    : prepareFiles(app, source.dir ?? process.env.BUILD_DIR ?? 'build');
}

async function prepareFiles(app: FastifyInstance, dir: string): Promise<BuildProvider> {
  const serverEntry = resolve(dir, 'server/index.js');
  if (!existsSync(serverEntry)) {
    throw new Error(`No server build at ${serverEntry}: run "npm run build" first`);
  }
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  // Fingerprinted assets are immutable; other public files are revalidated.
  await app.register(fastifyStatic, {
    root: resolve(dir, 'client/assets'),
    prefix: '/assets/',
    immutable: true,
    maxAge: '1y',
    // x.js.br / x.js.gz written by scripts/precompress.mjs, chosen by Accept-Encoding (with Vary).
    preCompressed: true,
    index: false,
    wildcard: true,
  });
  serveFavicon(app, resolve(dir, 'client/assets'));
  return { getBuild: async () => build, mode: 'production' };
}

// Browsers take the icon the document links (client/shell.tsx); crawlers and other clients ask
// for /favicon.ico by name. They get the same icon (an SVG, which browsers accept there too),
// revalidated daily since the name is not fingerprinted, instead of the 404 page and its
// context call.
function serveFavicon(app: FastifyInstance, assets: string): void {
  const icon = readdirSync(assets).find((name) => /^favicon-[\w-]+\.svg$/.test(name));
  if (!icon) return;
  app.get('/favicon.ico', (_request, reply) =>
    reply.sendFile(icon, assets, { immutable: false, maxAge: '1d' }),
  );
}

async function prepareVite(app: FastifyInstance): Promise<BuildProvider> {
  const [{ createServer }, { default: middie }] = await Promise.all([
    import('vite'),
    import('@fastify/middie'),
  ]);
  const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
  await app.register(middie);
  app.use((req, res, next) => {
    // The gateway's own endpoints never go through Vite.
    if (/^\/(api|auth)\/|^\/(healthz|readyz)$/.test(req.url ?? '')) return next();
    vite.middlewares(req, res, next);
  });
  app.addHook('onClose', async () => vite.close());
  return {
    getBuild: () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
    mode: 'development',
  };
}
