import type { PaymentMethod } from '../../../shared/contracts/profile';
import { cardLabel } from '../checkout/card-label';
import { FormProblem } from '../forms/form-field';
import type { ProfileActionResult } from './profile-result';
import { SavedItemAction, SavedItemName } from './saved-item';
import {
  defaultAfter,
  DeleteLink,
  DeleteQuestion,
  SAVED_CARD,
  useDeleteQuestion,
} from './saved-item-delete';

// Stored cards: brand, last four digits, expiry and holder; the shop keeps nothing more.
// "Delete…" asks first, in place (./saved-item-delete.tsx).
export function CardList({
  cards,
  result,
}: {
  cards: PaymentMethod[];
  result: ProfileActionResult | undefined;
}) {
  const { asking, kept } = useDeleteQuestion(SAVED_CARD);
  if (cards.length === 0) return <p>You have no card yet: add one below.</p>;
  return (
    <ul className="saved-list" aria-label="Your cards">
      {cards.map((card) => {
        const label = cardLabel(card);
        return (
          <li key={card.id} className={card.isDefault ? 'saved-item default' : 'saved-item'}>
            <div>
              <SavedItemName name={label} isDefault={card.isDefault} />
              <p className="choice-detail">
                {card.holderName}, expires {expiryOf(card)}
              </p>
              <FormProblem message={result?.id === card.id ? result.formError : undefined} />
            </div>
            {card.id === asking ? (
              <DeleteQuestion
                kind={SAVED_CARD}
                id={card.id}
                question={`Delete the card ${label}, expiring ${expiryOf(card)}?`}
                consequence={
                  card.isDefault ? defaultAfter('card', nextLabel(cards, card.id)) : undefined
                }
              />
            ) : (
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
                <DeleteLink
                  kind={SAVED_CARD}
                  id={card.id}
                  label={`Delete ${label}`}
                  kept={card.id === kept}
                />
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

const expiryOf = (card: PaymentMethod) =>
  `${String(card.expiryMonth).padStart(2, '0')}/${card.expiryYear}`;

/** The card that becomes the default when `id`, the default, goes: the next one listed. */
function nextLabel(cards: PaymentMethod[], id: string): string | undefined {
  const next = cards.find((card) => card.id !== id);
  return next ? cardLabel(next) : undefined;
}
