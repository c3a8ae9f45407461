import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { ContentPage, HomePage } from '../../../shared/contracts/cms';
import { requireTenant } from '../../auth/principal';
import { notFound } from '../../http/errors';
import type { ServiceApp, ServiceOptions } from '../service';
import { findPage, homeBlocks, listPages } from './content';
import { publicTenant } from './tenants';

// Shop content: navigation, home blocks, content pages and policy pages of the X-Domain-Origin shop.
// The same for every visitor of a shop, so shared caches may keep it briefly (per shop).
const tags = ['cms'];
const PageParams = z.object({ pageId: z.string().min(1).max(100) });
const PolicyParams = z.object({ policyCode: z.string().min(1).max(100) });
const Summaries = z.object({ pages: z.array(ContentPage.omit({ body: true, kind: true })) });

const shared = (reply: FastifyReply) =>
  reply.header('cache-control', 'public, max-age=60').header('vary', 'X-Domain-Origin');

export async function contentRoutes(app: ServiceApp, { db }: ServiceOptions): Promise<void> {
  app.get(
    '/navigation',
    { schema: { summary: 'Shop name, theme, navigation and footer links', tags } },
    async (request, reply) => {
      shared(reply);
      return publicTenant(requireTenant(request));
    },
  );

  app.get(
    '/home',
    { schema: { summary: 'Home page blocks', tags, response: { 200: HomePage } } },
    async (request, reply) => {
      const tenant = requireTenant(request);
      shared(reply);
      return { blocks: await homeBlocks(db, tenant.id) };
    },
  );

  app.get(
    '/pages',
    { schema: { summary: 'Content pages', tags, response: { 200: Summaries } } },
    async (request, reply) => {
      const tenant = requireTenant(request);
      shared(reply);
      return { pages: await listPages(db, tenant.id, 'page') };
    },
  );

  app.get(
    '/pages/:pageId',
    {
      schema: {
        summary: 'One content page',
        tags,
        params: PageParams,
        response: { 200: ContentPage },
      },
    },
    async (request, reply) => {
      const tenant = requireTenant(request);
      const { pageId } = request.params;
      const page = await findPage(db, tenant.id, 'page', pageId);
      if (!page) throw notFound(`Page not found: ${pageId}`);
      shared(reply);
      return page;
    },
  );

  app.get(
    '/policies',
    { schema: { summary: 'Policy pages', tags, response: { 200: Summaries } } },
    async (request, reply) => {
      const tenant = requireTenant(request);
      shared(reply);
      return { pages: await listPages(db, tenant.id, 'policy') };
    },
  );

  app.get(
    '/policies/:policyCode',
    {
      schema: {
        summary: 'One policy page (terms, privacy, delivery, returns)',
        tags,
        params: PolicyParams,
        response: { 200: ContentPage },
      },
    },
    async (request, reply) => {
      const tenant = requireTenant(request);
      const { policyCode } = request.params;
      const page = await findPage(db, tenant.id, 'policy', policyCode);
      if (!page) throw notFound(`Policy not found: ${policyCode}`);
      shared(reply);
      return page;
    },
  );
}
