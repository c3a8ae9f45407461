import { saysSignedOut } from '../components/account/signed-out.server';
import { resolveHomeBlocks } from '../components/content/home-blocks.server';
import { guardRoute } from '../lib/route-guard.server';
import { pageMeta, rootContext, loaderMeta, loaderWithMeta } from '../lib/seo';
import type { Route } from './+types/home';
import { page } from '../lib/island';

// "/": the CMS home blocks (hero, categories, product rails, promotions, brands), and where
// "Sign out" lands (?done=signed-out).
async function load(args: Route.LoaderArgs) {
  await guardRoute('home', args);
  // Only the page context (the shop's frame, loaded by the gateway) is essential here.
  const [blocks, signedOut] = await Promise.all([
    resolveHomeBlocks(args.context),
    saysSignedOut(args.context, args.request),
  ]);
  return { blocks, signedOut };
}

// The page's title, description and canonical URL, computed by the loader on the server.
export const loader = loaderWithMeta(load, (data, matches) => {
  const shopName = rootContext(matches)?.tenant.name ?? 'Shop';
  const hero = data?.blocks.find((block) => block.type === 'hero');
  return pageMeta(matches, {
    title: shopName,
    description: hero && 'text' in hero ? hero.text : `Groceries delivered by ${shopName}.`,
    path: '/',
  });
});

export const meta: Route.MetaFunction = loaderMeta;

const pageCode = () => import('../pages/home');
const Page = page(pageCode, import.meta.env.SSR ? await pageCode() : null);
export { Page as default }; // not wrapped by React Router: page() reads the route's props

export { RouteErrorBoundary as ErrorBoundary } from '../components/error-screens';
