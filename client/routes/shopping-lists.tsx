import { listAction } from '../components/lists/list-action.server';
import { loadLists } from '../components/lists/list-data.server';
import { guardedLoad, guardRoute } from '../lib/route-guard.server';
import { pageUrl } from '../lib/page-url';
import '../styles/forms.css';
import '../styles/orders.css';
import '../styles/lists.css';
import type { Route } from './+types/shopping-lists';
import { page } from '../lib/island';
import { privateMeta } from '../lib/seo';

export async function loader(args: Route.LoaderArgs) {
  return guardedLoad('shopping-lists', args, () =>
    loadLists(args.context, pageUrl(args.request.url)),
  );
}

export async function action(args: Route.ActionArgs) {
  await guardRoute('shopping-lists', args);
  return listAction(args.context, await args.request.formData());
}

export const meta: Route.MetaFunction = privateMeta('Shopping lists');

const pageCode = () => import('../pages/shopping-lists');
const Page = page(pageCode, import.meta.env.SSR ? await pageCode() : null);
export { Page as default }; // not wrapped by React Router: page() reads the route's props

export { RouteErrorBoundary as ErrorBoundary } from '../components/error-screens';
