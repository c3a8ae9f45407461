import { resourceOrigin } from '../lib/public-origin';
import type { Route } from './+types/robots[.]txt';

// /robots.txt of the shop the request is addressed to: crawl the catalogue and content, not the
// shopper's pages (cart, checkout, orders, lists, profile), and find the sitemap at the shop's
// configured public origin (ADR 0272).
const PRIVATE_PATHS = [
  '/checkout',
  '/orders',
  '/profile',
  '/shopping-lists',
  '/smart-carts',
  '/social-login',
  '/api/',
  '/auth/',
  '/blink-test',
  '/sentry-test',
];

export async function loader({ context }: Route.LoaderArgs) {
  const shop = await resourceOrigin(context);
  if ('failed' in shop) return shop.failed;
  const { origin } = shop;
  const lines = [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ];
  return new Response(lines.join('\n'), {
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  });
}
