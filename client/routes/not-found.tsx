import { data, useLocation } from 'react-router';
import { RouteErrorScreen } from '../components/error-screens';
import type { Route } from './+types/not-found';

// Every path no screen matches: a 404 inside the shop's layout (header, search, navigation,
// footer), since the layout itself did not fail (issue #9, docs/decisions/0164). The root loader
// has run by the time this loader throws, so the layout has its context.
export function loader() {
  throw data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [
  { title: 'Page not found' },
  { name: 'robots', content: 'noindex' },
];

export default function NotFound() {
  return null;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorScreen error={error} path={useLocation().pathname} />;
}
