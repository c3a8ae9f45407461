import { articleLoader } from '../components/content/article-loader.server';
import { page } from '../lib/island';
import { guardRoute } from '../lib/route-guard.server';
import { loaderMeta } from '../lib/seo';
import type { RouteParams } from '../../shared/routes';
import type { Route } from './+types/policy';

// /policy/{policyCode}: terms, privacy, delivery, returns, from the CMS.
export async function loader(args: Route.LoaderArgs) {
  const { policyCode } = (await guardRoute('policy', args)) as RouteParams<'policy'>;
  return articleLoader(args.context, 'policy', policyCode);
}

export const meta: Route.MetaFunction = loaderMeta;

const pageCode = () => import('../pages/policy');
const Page = page(pageCode, import.meta.env.SSR ? await pageCode() : null);
export { Page as default }; // not wrapped by React Router: page() reads the route's props

export { RouteErrorBoundary as ErrorBoundary } from '../components/error-screens';
