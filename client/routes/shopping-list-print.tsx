import { loadList } from '../components/lists/list-data.server';
import { guardedLoad } from '../lib/route-guard.server';
import '../styles/lists.css';
import type { Route } from './+types/shopping-list-print';
import { page } from '../lib/island';

export async function loader(args: Route.LoaderArgs) {
  return guardedLoad('shopping-list-print', args, ({ listId }) => loadList(args.context, listId!));
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `${data.name}: shopping list` : 'Shopping list' },
  { name: 'robots', content: 'noindex' },
];

const pageCode = () => import('../pages/shopping-list-print');
const Page = page(pageCode, import.meta.env.SSR ? await pageCode() : null);
export { Page as default }; // not wrapped by React Router: page() reads the route's props

export { RouteErrorBoundary as ErrorBoundary } from '../components/error-screens';
