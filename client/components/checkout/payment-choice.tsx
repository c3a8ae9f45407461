import type { PaymentMethod } from '../../../shared/contracts/profile';
import { TextField } from '../forms/field-error';
import { ChoiceStep } from './choice-step';

// Step "Payment": stored cards (brand and last four digits only) and a form to add one. The card
// number is posted to the route action, which hands it to the platform; it is never put back into
// the page, so after a mistake the shopper types it again.
const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  other: 'Card',
};

export function cardLabel(card: { brand: string; last4: string }): string {
  return `${BRANDS[card.brand] ?? 'Card'} ending ${card.last4}`;
}

type Props = {
  cards: PaymentMethod[];
  chosen: string | null;
  error?: string;
  addErrors?: Record<string, string>;
  addFailed?: string;
};

export function PaymentChoice({ cards, chosen, error, addErrors, addFailed }: Props) {
  return (
    <ChoiceStep
      titleId="payment-title"
      title="Payment"
      legend="Pay with"
      name="paymentMethodId"
      choices={cards.map((card) => ({
        id: card.id,
        title: cardLabel(card),
        detail: `${card.holderName}, expires ${String(card.expiryMonth).padStart(2, '0')}/${card.expiryYear}`,
      }))}
      chosen={chosen}
      error={error}
      empty="You have no card yet: add one below."
      add={{
        intent: 'add-card',
        summary: 'Add a card',
        submit: 'Save card',
        defaultLabel: 'Make this my default card',
      }}
      addErrors={addErrors}
      addFailed={addFailed}
    >
      <TextField
        form="add-card"
        name="cardNumber"
        label="Card number"
        required
        inputMode="numeric"
        autoComplete="cc-number"
        maxLength={40}
        error={addErrors?.cardNumber}
      />
      <TextField
        form="add-card"
        name="expiryMonth"
        label="Expiry month (MM)"
        required
        inputMode="numeric"
        autoComplete="cc-exp-month"
        maxLength={2}
        error={addErrors?.expiryMonth}
      />
      <TextField
        form="add-card"
        name="expiryYear"
        label="Expiry year (YYYY)"
        required
        inputMode="numeric"
        autoComplete="cc-exp-year"
        maxLength={4}
        error={addErrors?.expiryYear}
      />
      <TextField
        form="add-card"
        name="holderName"
        label="Name on the card"
        required
        autoComplete="cc-name"
        error={addErrors?.holderName}
      />
    </ChoiceStep>
  );
}
