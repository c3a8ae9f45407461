import { CardForm } from '../components/profile/card-form';
import { CardList } from '../components/profile/card-list';
import { ProfilePart } from '../components/profile/profile-part';
import { resultOf } from '../components/profile/profile-result';
import type { Route } from '../routes/+types/payment-methods';

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
