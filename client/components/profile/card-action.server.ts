import { z } from 'zod';
import type { AppLoadContext } from 'react-router';
import { profilePaths, type PaymentMethod } from '../../../shared/contracts/profile';
import { ticked } from '../forms/address-card-fields';
import { fieldErrorsOf, formFields } from '../forms/form-fields';
import { intentForms } from '../forms/intent-forms';
import { CardForm, parseCard } from '../forms/place-order-forms';
import { askPlatform, type PlatformFailure } from '../../lib/platform-answer.server';
import { backTo, refused, refusedByPlatform, unknownIntent } from './profile-answer.server';

// The payment methods screen's one action: add a card, delete one, make one the default. The card
// number goes from the posted form to the profile service and nowhere else: it is not logged, not
// part of any answer (`values` leaves it out, so the field is typed again after a mistake), and a
// refusal that quoted it would be replaced by a neutral text (docs/decisions/0111).
const CardId = z.string().trim().min(1).max(100);
/** The screen's forms, by intent: the card form, and the card chosen (`id`). */
export const CardForms = intentForms({
  'add-card': CardForm,
  'delete-card': z.object({ id: CardId }),
  'default-card': z.object({ id: CardId }),
});
const CardIntent = CardForms.intent;
const CARD_FIELDS = ['cardNumber', 'expiryMonth', 'expiryYear', 'holderName'] as const;

function withoutNumber(failure: PlatformFailure, number: string): PlatformFailure {
  const digits = number.replace(/\D/g, '');
  const quotes = digits.length >= 4 && failure.message.replace(/\D/g, '').includes(digits);
  return quotes
    ? { ...failure, message: 'The card was refused. Check its details and try again.' }
    : failure;
}

async function addCard(context: AppLoadContext, fields: Record<string, string>) {
  const values = {
    expiryMonth: fields.expiryMonth ?? '',
    expiryYear: fields.expiryYear ?? '',
    holderName: fields.holderName ?? '',
    isDefault: ticked(fields.isDefault),
  };
  const card = parseCard(fields);
  if (!card.success)
    return refused({ intent: 'add-card', fieldErrors: fieldErrorsOf(card.error), values });
  const added = await askPlatform<PaymentMethod>(context.platform, {
    method: 'POST',
    path: profilePaths.paymentMethods,
    body: card.data,
  });
  if (!added.ok)
    return refusedByPlatform(
      { intent: 'add-card', values },
      withoutNumber(added, card.data.cardNumber),
      CARD_FIELDS,
    );
  return backTo('payment-methods', 'card-added');
}

export async function cardAction(context: AppLoadContext, form: FormData) {
  const fields = formFields(form);
  const intent = CardIntent.safeParse(fields.intent);
  if (!intent.success) unknownIntent(fields.intent);
  if (intent.data === 'add-card') return addCard(context, fields);
  const id = CardId.safeParse(fields.id);
  if (!id.success)
    return refused({ intent: intent.data, fieldErrors: {}, formError: 'Choose a card first.' });
  const changed =
    intent.data === 'delete-card'
      ? await askPlatform(context.platform, {
          method: 'DELETE',
          path: profilePaths.paymentMethod(id.data),
        })
      : await askPlatform(context.platform, {
          method: 'PUT',
          path: profilePaths.paymentMethod(id.data),
          body: { isDefault: true },
        });
  if (!changed.ok) return refusedByPlatform({ intent: intent.data, id: id.data }, changed, []);
  return backTo('payment-methods', intent.data === 'delete-card' ? 'card-deleted' : 'card-default');
}
