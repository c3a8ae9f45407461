import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { CMS_SLUG_MAX, ContentPage, HomePage } from '../../../shared/contracts/cms';
import { requireTenant } from '../../auth/principal';
import { notFound } from '../../http/errors';
import type { Db } from '../../db/db';
import { routeSchemas, type ServiceApp, type ServiceOptions } from '../service';
import { findPage, homeBlocks, listPages } from './content';
import { publicTenant } from './tenants';

// Shop content: navigation, home blocks, content pages and policy pages of the X-Domain-Origin shop.
// The same for every visitor of a shop, so shared caches may keep it briefly (per shop).
const route = routeSchemas('cms');
const Summaries = z.object({ pages: z.array(ContentPage.omit({ body: true, kind: true })) });
const Slug = z.string().min(1).max(CMS_SLUG_MAX);

const shared = (reply: FastifyReply) =>
  reply.header('cache-control', 'public, max-age=60').header('vary', 'X-Domain-Origin');

/** The list and the pages of one kind: `/pages` and `/pages/:pageId`, `/policies/:policyCode`. */
function pagesOfKind(
  app: ServiceApp,
  db: Db,
  kind: 'page' | 'policy',
  path: '/pages' | '/policies',
  names: { list: string; one: string; missing: string },
): void {
  app.get(path, route(names.list, { response: { 200: Summaries } }), async (request, reply) => {
    const tenant = requireTenant(request);
    shared(reply);
    return { pages: await listPages(db, tenant.id, kind) };
  });

  // The parameter keeps its name in the OpenAPI document (pageId, policyCode).
  const param = kind === 'page' ? 'pageId' : 'policyCode';
  app.get(
    `${path}/:${param}`,
    route(names.one, { params: z.object({ [param]: Slug }), response: { 200: ContentPage } }),
    async (request, reply) => {
      const tenant = requireTenant(request);
      const slug = request.params[param]!;
      const page = await findPage(db, tenant.id, kind, slug);
      if (!page) throw notFound(`${names.missing}: ${slug}`);
      shared(reply);
      return page;
    },
  );
}

export async function contentRoutes(app: ServiceApp, { db }: ServiceOptions): Promise<void> {
  app.get(
    '/navigation',
    route('Shop name, theme, navigation and footer links', {}),
    async (request, reply) => {
      shared(reply);
      return publicTenant(requireTenant(request));
    },
  );

  app.get(
    '/home',
    route('Home page blocks', { response: { 200: HomePage } }),
    async (request, reply) => {
      const tenant = requireTenant(request);
      shared(reply);
      return { blocks: await homeBlocks(db, tenant.id) };
    },
  );

  pagesOfKind(app, db, 'page', '/pages', {
    list: 'Content pages',
    one: 'One content page',
    missing: 'Page not found',
  });
  pagesOfKind(app, db, 'policy', '/policies', {
    list: 'Policy pages',
    one: 'One policy page (terms, privacy, delivery, returns)',
    missing: 'Policy not found',
  });
}
