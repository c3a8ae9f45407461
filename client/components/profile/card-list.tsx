import type { PaymentMethod } from '../../../shared/contracts/profile';
import { cardLabel } from '../checkout/card-label';
import { FormProblem } from '../forms/form-field';
import type { ProfileActionResult } from './profile-result';
import { SavedItemAction, SavedItemName } from './saved-item';

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
              <SavedItemName name={label} isDefault={card.isDefault} />
              <p className="choice-detail">
                {card.holderName}, expires {expiry}
              </p>
              <FormProblem message={result?.id === card.id ? result.formError : undefined} />
            </div>
            <div className="saved-actions">
              {card.isDefault ? null : (
                <SavedItemAction
                  id={card.id}
                  intent="default-card"
                  label={`Make ${label} my default card`}
                >
                  Make default
                </SavedItemAction>
              )}
              <SavedItemAction id={card.id} intent="delete-card" label={`Delete ${label}`} danger>
                Delete
              </SavedItemAction>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
