import { routeTable, type RouteEntry } from './routes';
import { MAX_REDIRECT_LENGTH, safeRedirectTarget, type RedirectPolicy } from './safe-redirect';

// Named route middleware (specification section 2). A middleware looks at the visitor and the
// requested URL and either lets the page render or redirects. Names are checked at start-up.
export type MiddlewareInput = { isLoggedIn: boolean; url: URL };
export type MiddlewareResult = { redirect: string } | undefined;
export type RouteMiddleware = (input: MiddlewareInput) => MiddlewareResult;

export const SIGN_IN_PATH = '/social-login';

/**
 * Sign in, then back to where the visitor was. A return path too long for a redirect (a URL of
 * several KB) keeps only its path, or is left out: the visitor signs in and lands on the home page
 * rather than getting an error (issue #12 item 6, docs/decisions/0125).
 */
export function signInRedirect(url: URL): string {
  for (const back of [url.pathname + url.search, url.pathname]) {
    const target = `${SIGN_IN_PATH}?returnTo=${encodeURIComponent(back)}`;
    if (target.length <= MAX_REDIRECT_LENGTH) return target;
  }
  return SIGN_IN_PATH;
}

export const routeMiddleware: Record<string, RouteMiddleware> = {
  /** Signed-in visitors only; others go to sign in and come back afterwards. */
  auth: ({ isLoggedIn, url }) => (isLoggedIn ? undefined : { redirect: signInRedirect(url) }),
};

/** Throws one error naming every unknown middleware of the table. */
export function assertKnownMiddleware(
  table: readonly RouteEntry[] = routeTable,
  registry: Record<string, RouteMiddleware> = routeMiddleware,
): void {
  const unknown = table.flatMap((route) =>
    route.middleware
      .filter((name) => !(name in registry))
      .map((name) => `"${name}" (route ${route.id})`),
  );
  if (unknown.length > 0) throw new Error(`Unknown route middleware: ${unknown.join(', ')}`);
}

/** Runs a route's middleware in order; returns a safe redirect target or null. */
export function runMiddleware(
  names: readonly string[],
  input: MiddlewareInput,
  policy: RedirectPolicy = {},
  registry: Record<string, RouteMiddleware> = routeMiddleware,
): string | null {
  for (const name of names) {
    const middleware = registry[name];
    if (!middleware) throw new Error(`Unknown route middleware "${name}"`);
    const result = middleware(input);
    if (result) {
      const target = safeRedirectTarget(result.redirect, policy);
      if (!target) throw new Error(`Route middleware "${name}" asked for an unsafe redirect`);
      return target;
    }
  }
  return null;
}
