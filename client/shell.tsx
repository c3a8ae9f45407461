import { useEffect, type ReactNode } from 'react';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import type { PublicContext } from '../shared/contracts/context';
import type { Route } from './+types/root';
import { GenericErrorScreen, RouteErrorScreen } from './components/error-screens';
import { CmsDefaultLayout } from './components/layout/cms-default-layout';
import { NavigationProgress } from './components/layout/navigation-progress';
import { useChunkFailure } from './runtime/chunk-guard';
import { usePendingPageGuard } from './runtime/pending-page';
import { useTrack } from './analytics/track';

// The head every document starts with, and the scripts' CSP nonce: the server's alone
// (./document-head.server.tsx). In the browser the layout renders its scripts without a nonce,
// as it always did: the browser's render never had one (the server's stays in the markup).
const serverHead = import.meta.env.SSR ? await import('./document-head.server') : null;

// The root route's components (./root.tsx re-exports them; its loader stays there).
// The context is per page load; client navigation keeps it (the url path is tracked client-side).
export function shouldRevalidate({ formMethod }: { formMethod?: string }) {
  return formMethod !== undefined && formMethod !== 'GET';
}

export function Layout({ children }: { children: ReactNode }) {
  // A hook, called on every server render and on none in the browser (serverHead is per build):
  // the browser's scripts get no nonce prop at all (none is shorter on the first load than
  // `nonce={undefined}`, and the same to React).
  const scripts = import.meta.env.SSR ? { nonce: serverHead!.useNonce() } : {};
  const root = useRouteLoaderData('root') as { context: PublicContext } | undefined;
  const tenant = root?.context.tenant;
  return (
    <html lang={tenant?.locale?.slice(0, 2) ?? 'en'}>
      <head>
        {import.meta.env.SSR && serverHead && <serverHead.DocumentHead />}
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration {...scripts} />
        <Scripts {...scripts} />
      </body>
    </html>
  );
}

// Re-exported by the route module, so React Router does not wrap them to pass their props: the
// loader's data and the error come from its hooks.
export function Shell() {
  const loaderData = useLoaderData() as Route.ComponentProps['loaderData'];
  // Marks the document once React has hydrated it (the browser runtime and tests look for it).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  const location = useLocation();
  usePendingPageGuard(location);
  // Measured only after consent (ADR 0267): page_view per page, with its path.
  const path = location.pathname + location.search;
  useTrack('page_view', path, () => ({ page_location: path, page_title: document.title }));
  const chunkFailure = useChunkFailure();
  return (
    <>
      <NavigationProgress />
      <CmsDefaultLayout context={loaderData.context}>
        {/* A route module that failed to load again within 10 s: the error screen, no reload. */}
        {chunkFailure === path ? <GenericErrorScreen /> : <Outlet />}
      </CmsDefaultLayout>
    </>
  );
}

export function RootErrorBoundary() {
  // Without the layout: the screen is the page's <main>.
  return (
    <RouteErrorScreen error={useRouteError()} path={useLocation().pathname} inLayout={false} />
  );
}
