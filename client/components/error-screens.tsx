import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { useCid } from '../lib/cid-context';
import { useFailedRequest } from '../runtime/request-ids';

export const FALLBACK_ERROR_TEXT = 'Something went wrong. Please, try refreshing the page.';

/**
 * The specification's message "Page Not Found: {path}" as the screen's heading: said once (a
 * heading "Page not found" above it said it twice). The tab's title is "Page not found".
 */
export function NotFoundScreen({ path, inLayout }: { path: string; inLayout?: boolean }) {
  // After a client navigation, the CID of the data request that answered 404 (issue #29 item 5).
  const failed = useFailedRequest();
  const pageCid = useCid();
  const cid = failed?.cid ?? pageCid;
  // Inside the shop's layout the screen is a section of its <main>, not a second <main>.
  const Landmark = inLayout ? 'section' : 'main';
  return (
    <Landmark className="error-screen" aria-labelledby="error-title">
      <h1 id="error-title">{`Page Not Found: ${path}`}</h1>
      <p className="cid">
        {'CID: '}
        <code>{cid}</code>
      </p>
      <a href="/">Back to the shop</a>
    </Landmark>
  );
}

/** The generic error page: a site error message as is, or the fallback text, plus the CID. */
export function GenericErrorScreen({ message }: { message?: string | null }) {
  // After a client navigation, the CID of the request that failed (issue #7 item 6).
  const failed = useFailedRequest();
  const pageCid = useCid();
  const cid = failed?.cid ?? pageCid;
  return (
    <main className="error-screen" role="alert" aria-labelledby="error-title">
      <h1 id="error-title">{message || FALLBACK_ERROR_TEXT}</h1>
      <p className="cid">
        {'CID: '}
        <code>{cid}</code>
      </p>
      {failed?.eventId && (
        <p className="event-id">
          {'Report: '}
          <code>{failed.eventId}</code>
        </p>
      )}
    </main>
  );
}

/** The message a thrown route error carries, if it carries one meant for the shopper. */
export function errorMessage(error: unknown): string | null {
  if (!isRouteErrorResponse(error)) return null;
  // React Router's own refusals (a form posted to a page that takes none: 405) carry a message
  // for developers, naming the route's module: the shopper gets the fallback text.
  if ((error as { internal?: boolean }).internal) return null;
  const data = error.data as { message?: unknown } | string | null | undefined;
  // An empty one ('') is no message either: the screen shows the fallback text.
  if (typeof data === 'string') return data;
  return typeof data?.message === 'string' ? data.message : null;
}

/** The separate error screen of every route (its ErrorBoundary), and the root's (not in the layout). */
export function RouteErrorScreen({
  error,
  path,
  inLayout = true,
}: {
  error: unknown;
  path: string;
  inLayout?: boolean;
}) {
  if (isRouteErrorResponse(error) && error.status === 404)
    return <NotFoundScreen path={path} inLayout={inLayout} />;
  return <GenericErrorScreen message={errorMessage(error)} />;
}

/** Every route's ErrorBoundary: `export { RouteErrorBoundary as ErrorBoundary } from '...'`. */
export function RouteErrorBoundary() {
  return <RouteErrorScreen error={useRouteError()} path={useLocation().pathname} />;
}
