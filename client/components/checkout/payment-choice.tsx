import type { PaymentMethod } from '../../../shared/contracts/profile';
import { CARD_FIELDS } from '../forms/address-card-fields';
import { cardLabel } from './card-label';
import { ChoiceStep, type ChoiceState, type StepLevel, type StepText } from './choice-step';

// Step "Payment": stored cards (brand and last four digits only) and a form to add one. The card
// number is posted to the route action, which hands it to the platform; it is never put back into
// the page, so after a mistake the shopper types it again.

const STEP: StepText = {
  name: 'paymentMethodId',
  title: 'Payment',
  legend: 'Pay with',
  empty: 'You have no card yet: add one below.',
  add: {
    intent: 'add-card',
    summary: 'Add a card',
    submit: 'Save card',
    defaultLabel: 'Make this my default card',
  },
  fields: CARD_FIELDS,
};

const expiry = (card: PaymentMethod) =>
  `${String(card.expiryMonth).padStart(2, '0')}/${card.expiryYear}`;

export function PaymentChoice({
  cards,
  ...state
}: ChoiceState & StepLevel & { cards: PaymentMethod[] }) {
  const choices = cards.map((card) => ({
    id: card.id,
    title: cardLabel(card),
    detail: `${card.holderName}, expires ${expiry(card)}`,
  }));
  return <ChoiceStep step={STEP} choices={choices} {...state} />;
}
