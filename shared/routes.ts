// The route table of the specification (section 2): one entry per screen, with its exact path and
// parameter names. `client/routes.ts` turns it into React Router's config; the gateway checks the
// middleware names at start-up; `href()` builds links from it.
export type RouteMiddlewareName = 'auth';

export type RouteEntry = {
  /** Route id, also the module file under client/routes/. */
  readonly id: string;
  /** Path as the specification writes it; `{slug+}` is a parameter spanning several segments. */
  readonly path: string;
  readonly middleware: readonly string[];
};

export const routeTable = [
  { id: 'home', path: '/', middleware: [] },
  { id: 'blink-test', path: '/blink-test', middleware: [] },
  { id: 'blink-test-result', path: '/blink-test/result', middleware: [] },
  { id: 'brands', path: '/brands/{brandSlug}', middleware: [] },
  { id: 'checkout', path: '/checkout', middleware: ['auth'] },
  { id: 'order-list', path: '/orders', middleware: ['auth'] },
  { id: 'order-detail', path: '/orders/{orderId}', middleware: ['auth'] },
  { id: 'content-page', path: '/page/{pageId}', middleware: [] },
  { id: 'policy', path: '/policy/{policyCode}', middleware: [] },
  { id: 'product', path: '/products/{slug+}', middleware: [] },
  { id: 'profile', path: '/profile', middleware: ['auth'] },
  { id: 'account-activation', path: '/profile/activation/{activationKey}', middleware: [] },
  { id: 'delivery-addresses', path: '/profile/delivery-address', middleware: ['auth'] },
  { id: 'profile-info', path: '/profile/info', middleware: ['auth'] },
  { id: 'payment-methods', path: '/profile/payment-methods', middleware: ['auth'] },
  { id: 'password-reset', path: '/profile/reset/{resetKey}', middleware: [] },
  { id: 'search', path: '/search', middleware: [] },
  { id: 'search-results', path: '/search/{searchQuery}', middleware: [] },
  { id: 'search-product', path: '/search/{searchQuery}/{productSlug}', middleware: [] },
  { id: 'sentry-test', path: '/sentry-test', middleware: [] },
  { id: 'shopping-lists', path: '/shopping-lists', middleware: ['auth'] },
  { id: 'shopping-list-print', path: '/shopping-lists/{listId}/print', middleware: ['auth'] },
  { id: 'smart-carts', path: '/smart-carts', middleware: ['auth'] },
  { id: 'smart-cart', path: '/smart-carts/{id}', middleware: ['auth'] },
  { id: 'smart-cart-order', path: '/smart-carts/{id}/order/{orderId}', middleware: ['auth'] },
  { id: 'social-login', path: '/social-login', middleware: [] },
] as const satisfies readonly RouteEntry[];

export type RouteId = (typeof routeTable)[number]['id'];

/**
 * The app's routes that are not screens of the specification (so not in the table): crawlers'
 * files, the cart form and the like. `client/routes.ts` declares them from here; `id` is what the
 * gateway counts and logs a request of theirs under (server/observability/route-id.ts), as the
 * gateway's API document names them (`checkout-guest`), not the 404's `not-found`.
 */
export const routesBesideTable = [
  { id: 'robots.txt', path: '/robots.txt', file: 'routes/robots[.]txt.tsx' },
  { id: 'sitemap.xml', path: '/sitemap.xml', file: 'routes/sitemap[.]xml.tsx' },
  // The no-JavaScript cart form's action (client/components/cart/cart-form.tsx) and, on GET, the
  // cart as a page (docs/decisions/0163).
  { id: 'cart', path: '/cart', file: 'routes/cart-action.tsx' },
  // /blink-test's probe of the services, asked by the page's script (docs/decisions/0273).
  {
    id: 'blink-test-services',
    path: '/blink-test/services',
    file: 'routes/blink-test-services.tsx',
  },
  // Guest checkout (issue #29 item 2): a guest's order with an e-mail, an address and a card.
  { id: 'checkout-guest', path: '/checkout/guest', file: 'routes/guest-checkout.tsx' },
  // The development mailbox, only with DEV_MAILBOX=on (docs/decisions/0273).
  { id: 'dev-mail', path: '/dev/mail', file: 'routes/dev-mail.tsx' },
] as const;

type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? (Name extends `${infer Base}+` ? Base : Name) | ParamNames<Rest>
  : never;

type RouteById<Id extends RouteId> = Extract<(typeof routeTable)[number], { id: Id }>;
export type RouteParams<Id extends RouteId> = { [K in ParamNames<RouteById<Id>['path']>]: string };

const byId = new Map<string, RouteEntry>(routeTable.map((route) => [route.id, route]));

export function findRoute(id: string): RouteEntry {
  const route = byId.get(id);
  if (!route) throw new Error(`Unknown route "${id}"`);
  return route;
}

/** React Router path of a table path: `{name}` → `:name`, `{name+}` → `*`. */
export function toRouterPath(path: string): string {
  return path.replace(/\{(\w+)\+\}/g, '*').replace(/\{(\w+)\}/g, ':$1');
}

/** A request for a route whose required parameter is empty (`/products/`): nothing is there. */
export class MissingRouteParameter extends Error {
  override name = 'MissingRouteParameter';
}

/** Reads the spec's parameters from React Router's params (the splat is named in the table). */
export function routeParams(
  id: string,
  params: Record<string, string | undefined>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const match of findRoute(id).path.matchAll(/\{(\w+)(\+?)\}/g)) {
    const [, name, multi] = match;
    const value = multi ? params['*'] : params[name!];
    if (value === undefined || value === '') {
      throw new MissingRouteParameter(`Route "${id}" is missing its required parameter "${name}"`);
    }
    out[name!] = value;
  }
  return out;
}
