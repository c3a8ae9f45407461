import { sitemapPaths, sitemapXml } from '../components/content/sitemap.server';
import type { Route } from './+types/sitemap[.]xml';

// /sitemap.xml of the shop the request is addressed to (its origin is the tenant's).
export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const paths = await sitemapPaths(context.platform, origin);
  return new Response(sitemapXml(origin, paths), {
    headers: { 'content-type': 'application/xml; charset=utf-8' },
  });
}
