import { cardAction } from '../components/profile/card-action.server';
import { loadCards } from '../components/profile/profile-data.server';
import { guardedLoad, guardRoute } from '../lib/route-guard.server';
import '../styles/forms.css';
import '../styles/profile.css';
import type { Route } from './+types/payment-methods';
import { page } from '../lib/island';
import { privateMeta } from '../lib/seo';

export async function loader(args: Route.LoaderArgs) {
  return guardedLoad('payment-methods', args, async () => ({
    cards: await loadCards(args.context),
  }));
}

// The card number passes through here to the profile service only (docs/decisions/0111).
export async function action(args: Route.ActionArgs) {
  await guardRoute('payment-methods', args);
  return cardAction(args.context, await args.request.formData());
}

export const meta: Route.MetaFunction = privateMeta('Payment methods');

const pageCode = () => import('../pages/payment-methods');
const Page = page(pageCode, import.meta.env.SSR ? await pageCode() : null);
export { Page as default }; // not wrapped by React Router: page() reads the route's props

export { RouteErrorBoundary as ErrorBoundary } from '../components/error-screens';
