import { useLocation } from 'react-router';
import { RouteErrorScreen } from '../components/error-screens';
import { listAction } from '../components/lists/list-action.server';
import { loadLists } from '../components/lists/list-data.server';
import { guardRoute } from '../lib/route-guard.server';
import { pageUrl } from '../lib/page-url';
import '../styles/forms.css';
import '../styles/orders.css';
import '../styles/lists.css';
import type { Route } from './+types/shopping-lists';
import { page } from '../lib/island';

export async function loader(args: Route.LoaderArgs) {
  guardRoute('shopping-lists', args);
  return loadLists(args.context, pageUrl(args.request.url));
}

export async function action(args: Route.ActionArgs) {
  guardRoute('shopping-lists', args);
  return listAction(args.context, await args.request.formData());
}

export const meta: Route.MetaFunction = () => [
  { title: 'Shopping lists' },
  { name: 'robots', content: 'noindex' },
];

export default page(
  () => import('../pages/shopping-lists'),
  import.meta.env.SSR ? await import('../pages/shopping-lists') : null,
);

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorScreen error={error} path={useLocation().pathname} />;
}
