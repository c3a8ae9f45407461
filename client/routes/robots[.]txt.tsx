import type { Route } from './+types/robots[.]txt';

// /robots.txt of the shop the request is addressed to: crawl the catalogue and content, not the
// shopper's pages (cart, checkout, orders, lists, profile), and find the sitemap on this origin.
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

export function loader({ request }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
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
