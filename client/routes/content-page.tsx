import { articleLoader } from '../components/content/article-loader.server';
import { page } from '../lib/island';
import { guardRoute } from '../lib/route-guard.server';
import { loaderMeta } from '../lib/seo';
import type { RouteParams } from '../../shared/routes';
import type { Route } from './+types/content-page';

// /page/{pageId}: a CMS content page (about, contact, FAQ ...).
export async function loader(args: Route.LoaderArgs) {
  const { pageId } = (await guardRoute('content-page', args)) as RouteParams<'content-page'>;
  return articleLoader(args.context, 'content-page', pageId);
}

export const meta: Route.MetaFunction = loaderMeta;

const pageCode = () => import('../pages/content-page');
const Page = page(pageCode, import.meta.env.SSR ? await pageCode() : null);
export { Page as default }; // not wrapped by React Router: page() reads the route's props

export { RouteErrorBoundary as ErrorBoundary } from '../components/error-screens';
