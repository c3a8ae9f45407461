import { useLocation } from 'react-router';
import { href } from '../../shared/href';
import { contentPage } from '../components/content/content.server';
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
import type { Route } from './+types/content-page';
import { page } from '../lib/island';

// /page/{pageId}: a CMS content page (about, contact, FAQ ...).
async function load(args: Route.LoaderArgs) {
  const { pageId } = guardRoute('content-page', args) as RouteParams<'content-page'>;
  return { page: await contentPage(args.context.platform, pageId) };
}

type Data = Awaited<ReturnType<typeof load>>;

export async function loader(args: Route.LoaderArgs) {
  return withMeta(args.context, await load(args), describe);
}

// The page's title, description and canonical URL, computed by the loader on the server.
const describe = (data: Data, matches: readonly MatchWithData[]): MetaDescriptor[] =>
  articleMeta(matches, data?.page, (slug) => href('content-page', { pageId: slug }));

export const meta: Route.MetaFunction = loaderMeta;
export default page(
  () => import('../pages/content-page'),
  import.meta.env.SSR ? await import('../pages/content-page') : null,
);

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorScreen error={error} path={useLocation().pathname} />;
}
