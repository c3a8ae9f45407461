import { route, type RouteConfig } from '@react-router/dev/routes';
import { routeTable, toRouterPath } from '../shared/routes';

// One route module per screen of the specification, from the shared route table, then the
// resource routes that are not screens (so not in the table): crawlers' files, the cart form and
// the like.
export default [
  ...routeTable.map(({ id, path }) => route(toRouterPath(path), `routes/${id}.tsx`, { id })),
  route('robots.txt', 'routes/robots[.]txt.tsx'),
  route('sitemap.xml', 'routes/sitemap[.]xml.tsx'),
  // The no-JavaScript cart form's action (client/components/cart/cart-form.tsx) and, on GET, the
  // cart as a page (docs/decisions/0163).
  route('cart', 'routes/cart-action.tsx'),
  // /blink-test's probe of the services, asked by the page's script (docs/decisions/0273).
  route('blink-test/services', 'routes/blink-test-services.tsx'),
  // Guest checkout (issue #29 item 2): a guest's order with an e-mail, an address and a card.
  route('checkout/guest', 'routes/guest-checkout.tsx'),
  // The development mailbox, only with DEV_MAILBOX=on (docs/decisions/0273).
  route('dev/mail', 'routes/dev-mail.tsx'),
  // Any other path: the 404 screen inside the shop's layout (docs/decisions/0164).
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
