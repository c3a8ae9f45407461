import { useLocation } from 'react-router';
import { RouteErrorScreen } from '../components/error-screens';
import { loadList } from '../components/lists/list-data.server';
import { guardRoute } from '../lib/route-guard.server';
import '../styles/lists.css';
import type { Route } from './+types/shopping-list-print';
import { page } from '../lib/island';

export async function loader(args: Route.LoaderArgs) {
  const { listId } = guardRoute('shopping-list-print', args);
  return loadList(args.context, listId!);
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `${data.name}: shopping list` : 'Shopping list' },
  { name: 'robots', content: 'noindex' },
];

export default page(
  () => import('../pages/shopping-list-print'),
  import.meta.env.SSR ? await import('../pages/shopping-list-print') : null,
);

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorScreen error={error} path={useLocation().pathname} />;
}
