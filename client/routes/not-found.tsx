import { data } from 'react-router';
import type { Route } from './+types/not-found';
import { privateMeta } from '../lib/seo';

// Every path no screen matches: a 404 inside the shop's layout (header, search, navigation,
// footer), since the layout itself did not fail (issue #9, docs/decisions/0164). The root loader
// has run by the time this loader throws, so the layout has its context.
export function loader() {
  throw data(null, { status: 404 });
}

export const meta: Route.MetaFunction = privateMeta('Page not found');

export default function NotFound() {
  return null;
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/error-screens';
