import { FieldError, errorProps } from '../forms/field-error';
import type { FieldErrors } from '../forms/form-fields';
import { ORDER_KEY_FIELD } from '../forms/order-key-field';
import { SHOWN_SUBTOTAL_FIELD, SHOWN_TOTAL_FIELD, SLOT_FEES_FIELD } from './total-changed';

// What every order form carries besides its button: the order key (a resent form places one
// order), the totals shown (placed at that total or not at all, ADR 0319; a slot chosen since, at
// the shown subtotal plus the fee listed beside it, ADR 0326), the notes for the shop, and what
// the last attempt was refused for (its fields' messages: beside each field, and all of them in
// the page's error summary, ADR 0356).
type Props = {
  orderKey: string;
  /** The total the page shows beside the form, in cents; none where it shows none. */
  total?: number;
  /** The subtotal of `total`, and the other slots' fees shown (`slotFeesOf`), with the total. */
  delivery?: { subtotal: number; slotFees: string };
  notes?: string;
  refused?: { fieldErrors: FieldErrors; formError?: string };
};

export function OrderFormFields({ orderKey, total, delivery, notes, refused }: Props) {
  return (
    <>
      <input type="hidden" name={ORDER_KEY_FIELD} value={orderKey} />
      {total === undefined ? null : <input type="hidden" name={SHOWN_TOTAL_FIELD} value={total} />}
      {total === undefined || !delivery ? null : (
        <input type="hidden" name={SHOWN_SUBTOTAL_FIELD} value={delivery.subtotal} />
      )}
      {total === undefined || !delivery?.slotFees ? null : (
        <input type="hidden" name={SLOT_FEES_FIELD} value={delivery.slotFees} />
      )}
      <label htmlFor="notes">
        Notes for the shop <span className="optional">(optional)</span>
      </label>
      <textarea
        id="notes"
        name="notes"
        rows={3}
        maxLength={1000}
        defaultValue={notes}
        {...errorProps('notes-error', refused?.fieldErrors.notes)}
      />
      <FieldError id="notes-error" message={refused?.fieldErrors.notes} />
      {refused?.formError ? (
        <p className="form-error" role="alert" tabIndex={-1} autoFocus>
          {refused.formError}
        </p>
      ) : null}
    </>
  );
}
