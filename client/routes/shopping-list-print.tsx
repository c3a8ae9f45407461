import { useLocation } from 'react-router';
import { RouteErrorScreen } from '../components/error-screens';
import { loadList } from '../components/lists/list-data.server';
import { ListPrint } from '../components/lists/list-print';
import { guardRoute } from '../lib/route-guard.server';
import '../styles/lists.css';
import type { Route } from './+types/shopping-list-print';

export async function loader(args: Route.LoaderArgs) {
  const { listId } = guardRoute('shopping-list-print', args);
  return loadList(args.context, listId!);
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `${data.name}: shopping list` : 'Shopping list' },
  { name: 'robots', content: 'noindex' },
];

export default function ShoppingListPrintScreen({ loaderData }: Route.ComponentProps) {
  return <ListPrint list={loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorScreen error={error} path={useLocation().pathname} />;
}
