import { useLocation } from 'react-router';
import { href } from '../../shared/href';
import { policyPage } from '../components/content/content.server';
import { RouteErrorScreen } from '../components/error-screens';
import { guardRoute } from '../lib/route-guard.server';
import {
  articleMeta,
  loaderMeta,
  withMeta,
  type MatchWithData,
  type MetaDescriptor,
} from '../lib/seo';
import type { RouteParams } from '../../shared/routes';
import type { Route } from './+types/policy';
import { page } from '../lib/island';

// /policy/{policyCode}: terms, privacy, delivery, returns, from the CMS.
async function load(args: Route.LoaderArgs) {
  const { policyCode } = guardRoute('policy', args) as RouteParams<'policy'>;
  return { page: await policyPage(args.context.platform, policyCode) };
}

type Data = Awaited<ReturnType<typeof load>>;

export async function loader(args: Route.LoaderArgs) {
  return withMeta(args.context, await load(args), describe);
}

// The page's title, description and canonical URL, computed by the loader on the server.
const describe = (data: Data, matches: readonly MatchWithData[]): MetaDescriptor[] =>
  articleMeta(matches, data?.page, (slug) => href('policy', { policyCode: slug }));

export const meta: Route.MetaFunction = loaderMeta;
export default page(
  () => import('../pages/policy'),
  import.meta.env.SSR ? await import('../pages/policy') : null,
);

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorScreen error={error} path={useLocation().pathname} />;
}
