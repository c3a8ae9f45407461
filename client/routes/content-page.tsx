import { useLocation } from 'react-router';
import { href } from '../../shared/href';
import { contentPage } from '../components/content/content.server';
import { RouteErrorScreen } from '../components/error-screens';
import { guardRoute } from '../lib/route-guard.server';
import { articleMeta } from '../lib/seo';
import type { RouteParams } from '../../shared/routes';
import type { Route } from './+types/content-page';
import { page } from '../lib/island';

// /page/{pageId}: a CMS content page (about, contact, FAQ ...).
export async function loader(args: Route.LoaderArgs) {
  const { pageId } = guardRoute('content-page', args) as RouteParams<'content-page'>;
  return { page: await contentPage(args.context.platform, pageId) };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  articleMeta(matches, data?.page, (slug) => href('content-page', { pageId: slug }));

export default page(
  () => import('../pages/content-page'),
  import.meta.env.SSR ? await import('../pages/content-page') : null,
);

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorScreen error={error} path={useLocation().pathname} />;
}
