import { Form } from 'react-router';
import type { PaymentMethod } from '../../../shared/contracts/profile';
import { ORDER_FORM } from './address-choice';
import { FieldError, TextField } from '../forms/field-error';

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
  const adding = Boolean(addErrors && (Object.keys(addErrors).length > 0 || addFailed));
  return (
    <section className="checkout-step" aria-labelledby="payment-title">
      <h2 id="payment-title">Payment</h2>
      <fieldset className="choices" aria-describedby={error ? 'paymentMethodId-error' : undefined}>
        <legend className="visually-hidden">Pay with</legend>
        {cards.length === 0 ? <p>You have no card yet: add one below.</p> : null}
        {cards.map((card) => (
          <label key={card.id} className="choice">
            <input
              type="radio"
              form={ORDER_FORM}
              name="paymentMethodId"
              value={card.id}
              defaultChecked={card.id === chosen}
            />
            <span>
              <strong>{cardLabel(card)}</strong>
              <span className="choice-detail">
                {card.holderName}, expires {String(card.expiryMonth).padStart(2, '0')}/
                {card.expiryYear}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <FieldError id="paymentMethodId-error" message={error} />
      <details className="add-form" open={adding || cards.length === 0}>
        <summary>Add a card</summary>
        <Form method="post" id="add-card" className="field-grid" autoComplete="on">
          <input type="hidden" name="intent" value="add-card" />
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
          <label className="check">
            <input type="checkbox" name="isDefault" /> Make this my default card
          </label>
          {addFailed ? (
            <p className="form-error" role="alert">
              {addFailed}
            </p>
          ) : null}
          <button type="submit" className="button secondary">
            Save card
          </button>
        </Form>
      </details>
    </section>
  );
}
