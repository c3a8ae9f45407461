import { useLocation } from 'react-router';
import { RouteErrorScreen } from '../components/error-screens';
import { cardAction } from '../components/profile/card-action.server';
import { CardForm } from '../components/profile/card-form';
import { CardList } from '../components/profile/card-list';
import { ProfilePart } from '../components/profile/profile-part';
import { loadCards } from '../components/profile/profile-data.server';
import { resultOf } from '../components/profile/profile-result';
import { guardRoute } from '../lib/route-guard.server';
import '../styles/forms.css';
import '../styles/profile.css';
import type { Route } from './+types/payment-methods';

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

export default function PaymentMethodsScreen({ loaderData, actionData }: Route.ComponentProps) {
  const adding = resultOf(actionData, 'add-card');
  const { cards } = loaderData;
  return (
    <ProfilePart title="Payment methods" answered={Boolean(actionData)}>
      <CardList cards={cards} result={resultOf(actionData, 'delete-card', 'default-card')} />
      <div className="profile-panel">
        <CardForm result={adding} open={Boolean(adding) || cards.length === 0} />
      </div>
    </ProfilePart>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorScreen error={error} path={useLocation().pathname} />;
}
