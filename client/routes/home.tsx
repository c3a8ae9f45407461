import { useLocation } from 'react-router';
import { resolveHomeBlocks } from '../components/content/home-blocks.server';
import { RouteErrorScreen } from '../components/error-screens';
import { guardRoute } from '../lib/route-guard.server';
import { pageMeta, rootContext } from '../lib/seo';
import type { Route } from './+types/home';
import { page } from '../lib/island';

// "/": the CMS home blocks (hero, categories, product rails, promotions, brands).
export async function loader(args: Route.LoaderArgs) {
  guardRoute('home', args);
  // Only the page context (the shop's frame, loaded by the gateway) is essential here.
  return { blocks: await resolveHomeBlocks(args.context) };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const shopName = rootContext(matches)?.tenant.name ?? 'Shop';
  const hero = data?.blocks.find((block) => block.type === 'hero');
  return pageMeta(matches, {
    title: shopName,
    description: hero && 'text' in hero ? hero.text : `Groceries delivered by ${shopName}.`,
    path: '/',
  });
};

export default page(
  () => import('../pages/home'),
  import.meta.env.SSR ? await import('../pages/home') : null,
);

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorScreen error={error} path={useLocation().pathname} />;
}
