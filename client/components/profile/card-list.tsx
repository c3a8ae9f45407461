import { Form } from 'react-router';
import type { PaymentMethod } from '../../../shared/contracts/profile';
import { cardLabel } from '../checkout/payment-choice';
import { FormProblem } from '../forms/form-field';
import type { ProfileActionResult } from './profile-result';

// Stored cards: brand, last four digits, expiry and holder; the shop keeps nothing more.
export function CardList({
  cards,
  result,
}: {
  cards: PaymentMethod[];
  result: ProfileActionResult | undefined;
}) {
  if (cards.length === 0) return <p>You have no card yet: add one below.</p>;
  return (
    <ul className="saved-list" aria-label="Your cards">
      {cards.map((card) => {
        const label = cardLabel(card);
        const expiry = `${String(card.expiryMonth).padStart(2, '0')}/${card.expiryYear}`;
        return (
          <li key={card.id} className={card.isDefault ? 'saved-item default' : 'saved-item'}>
            <div>
              <p>
                <strong>{label}</strong>
                {card.isDefault ? <span className="badge">Default</span> : null}
              </p>
              <p className="choice-detail">
                {card.holderName}, expires {expiry}
              </p>
              <FormProblem message={result?.id === card.id ? result.formError : undefined} />
            </div>
            <div className="saved-actions">
              {card.isDefault ? null : (
                <Form method="post">
                  <input type="hidden" name="id" value={card.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="default-card"
                    className="button secondary"
                    aria-label={`Make ${label} my default card`}
                  >
                    Make default
                  </button>
                </Form>
              )}
              <Form method="post">
                <input type="hidden" name="id" value={card.id} />
                <button
                  type="submit"
                  name="intent"
                  value="delete-card"
                  className="button danger"
                  aria-label={`Delete ${label}`}
                >
                  Delete
                </button>
              </Form>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
