import { sitemapPaths, sitemapXml } from '../components/content/sitemap.server';
import { resourceOrigin } from '../lib/public-origin';
import type { Route } from './+types/sitemap[.]xml';

// /sitemap.xml of the shop the request is addressed to, at the shop's configured public origin
// (ADR 0272): every Host of one shop gets the same list, collected once.
export async function loader({ context }: Route.LoaderArgs) {
  const shop = await resourceOrigin(context);
  if ('failed' in shop) return shop.failed;
  const paths = await sitemapPaths(context.platform, shop.origin);
  return new Response(sitemapXml(shop.origin, paths), {
    headers: { 'content-type': 'application/xml; charset=utf-8' },
  });
}
