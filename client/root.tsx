import { useEffect, useRef, type ReactNode } from 'react';
import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from 'react-router';
import type { PublicContext } from '../shared/contracts/context';
import type { Route } from './+types/root';
import { readServerCart } from './cart/server-cart.server';
import { GenericErrorScreen, NotFoundScreen, errorMessage } from './components/error-screens';
import { CmsDefaultLayout } from './components/layout/cms-default-layout';
import { NavigationProgress } from './components/layout/navigation-progress';
import { useCid, useNonce, useReportingDsn } from './lib/cid-context';
import { useChunkFailure } from './runtime/chunk-guard';
import './styles/app.css';

// The root page: the site layout "cms-default" with the current page inside, or, when the context
// failed or carries a site error message, the generic error page with the CID.
// A visitor with a session gets the cart read on the server, so the header and the cart panel
// show it without JavaScript (docs/decisions/0163).
export async function loader({ context }: Route.LoaderArgs) {
  if (context.failure || !context.publicContext) {
    throw data(
      { message: context.failure?.message ?? null },
      { status: context.failure?.status ?? 502 },
    );
  }
  const cart = context.hasSession
    ? await readServerCart(context.platform, context.publicContext.tenant.id)
    : null;
  return { context: context.publicContext, hasSession: context.hasSession, cart };
}

// The context is per page load; client navigation keeps it (the url path is tracked client-side).
export function shouldRevalidate({ formMethod }: { formMethod?: string }) {
  return formMethod !== undefined && formMethod !== 'GET';
}

const FAVICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Ccircle cx='16' cy='16' r='14' fill='%231f7a4d'/%3E%3C/svg%3E";

export function Layout({ children }: { children: ReactNode }) {
  const cid = useCid();
  const nonce = useNonce();
  const reportingDsn = useReportingDsn();
  const root = useRouteLoaderData('root') as { context: PublicContext } | undefined;
  const tenant = root?.context.tenant;
  return (
    <html lang={tenant?.locale?.slice(0, 2) ?? 'en'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="correlation-id" content={cid} />
        {reportingDsn && <meta name="error-reporting" content={reportingDsn} />}
        <link rel="icon" href={FAVICON} />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  // Marks the document once React has hydrated it (the browser runtime and tests look for it).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  // A newer build is out: this client navigation becomes a full page load (once per path per 10 s).
  const location = useLocation();
  const chunkFailure = useChunkFailure();
  const firstLocation = useRef(location.key);
  useEffect(() => {
    if (location.key === firstLocation.current) return;
    // Loaded at idle by entry.client; this import then resolves at once.
    void import('./runtime/build-watch').then((watch) => {
      if (watch.newerBuildAvailable()) watch.reloadFor(location.pathname + location.search);
    });
  }, [location]);
  return (
    <>
      <NavigationProgress />
      <CmsDefaultLayout context={loaderData.context}>
        {/* A route module that failed to load again within 10 s: the error screen, no reload. */}
        {chunkFailure === location.pathname + location.search ? <GenericErrorScreen /> : <Outlet />}
      </CmsDefaultLayout>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { pathname } = useLocation();
  if (error && typeof error === 'object' && 'status' in error && error.status === 404) {
    return <NotFoundScreen path={pathname} />;
  }
  return <GenericErrorScreen message={errorMessage(error)} />;
}
