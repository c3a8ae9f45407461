import { useLocation } from 'react-router';
import { RouteErrorScreen } from '../components/error-screens';
import { cardAction } from '../components/profile/card-action.server';
import { loadCards } from '../components/profile/profile-data.server';
import { guardRoute } from '../lib/route-guard.server';
import '../styles/forms.css';
import '../styles/profile.css';
import type { Route } from './+types/payment-methods';
import { page } from '../lib/island';

export async function loader(args: Route.LoaderArgs) {
  guardRoute('payment-methods', args);
  return { cards: await loadCards(args.context) };
}

// The card number passes through here to the profile service only (docs/decisions/0111).
export async function action(args: Route.ActionArgs) {
  guardRoute('payment-methods', args);
  return cardAction(args.context, await args.request.formData());
}

export const meta: Route.MetaFunction = () => [
  { title: 'Payment methods' },
  { name: 'robots', content: 'noindex' },
];

export default page(
  () => import('../pages/payment-methods'),
  import.meta.env.SSR ? await import('../pages/payment-methods') : null,
);

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorScreen error={error} path={useLocation().pathname} />;
}
