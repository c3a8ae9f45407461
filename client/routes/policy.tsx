import { useLocation } from 'react-router';
import { href } from '../../shared/href';
import { policyPage } from '../components/content/content.server';
import { RouteErrorScreen } from '../components/error-screens';
import { guardRoute } from '../lib/route-guard.server';
import { articleMeta } from '../lib/seo';
import type { RouteParams } from '../../shared/routes';
import type { Route } from './+types/policy';
import { page } from '../lib/island';

// /policy/{policyCode}: terms, privacy, delivery, returns, from the CMS.
export async function loader(args: Route.LoaderArgs) {
  const { policyCode } = guardRoute('policy', args) as RouteParams<'policy'>;
  return { page: await policyPage(args.context.platform, policyCode) };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  articleMeta(matches, data?.page, (slug) => href('policy', { policyCode: slug }));

export default page(
  () => import('../pages/policy'),
  import.meta.env.SSR ? await import('../pages/policy') : null,
);

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorScreen error={error} path={useLocation().pathname} />;
}
