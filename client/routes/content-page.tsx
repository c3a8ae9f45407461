import { useLocation } from 'react-router';
import { href } from '../../shared/href';
import { ContentArticle } from '../components/content/content-article';
import { contentPage } from '../components/content/content.server';
import { RouteErrorScreen } from '../components/error-screens';
import { guardRoute } from '../lib/route-guard.server';
import { articleMeta } from '../lib/seo';
import type { RouteParams } from '../../shared/routes';
import type { Route } from './+types/content-page';

// /page/{pageId}: a CMS content page (about, contact, FAQ ...).
export async function loader(args: Route.LoaderArgs) {
  const { pageId } = guardRoute('content-page', args) as RouteParams<'content-page'>;
  return { page: await contentPage(args.context.platform, pageId) };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  articleMeta(matches, data?.page, (slug) => href('content-page', { pageId: slug }));

export default function ContentPageScreen({ loaderData }: Route.ComponentProps) {
  return <ContentArticle page={loaderData.page} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorScreen error={error} path={useLocation().pathname} />;
}
