import type { ChangeEvent } from 'react';
import { useSubmit } from 'react-router';
import { useMoney } from '../../lib/money';
import type { SlotOption } from '../orders/delivery-time';
import { FieldError } from '../forms/field-error';

// Delivery slots as radios. Slots that are full or past their cut-off are shown but cannot be
// chosen. With JavaScript, choosing one re-quotes at once (a GET of the same page with the
// choices in the URL); without it, the "Update totals" button of the order form does the same.
type Props = {
  slots: SlotOption[];
  chosen: string | null;
  error?: string;
  form: string;
  name?: string;
  requote?: boolean;
};

export function SlotChoice({
  slots,
  chosen,
  error,
  form,
  name = 'slotId',
  requote = false,
}: Props) {
  const money = useMoney();
  const submit = useSubmit();
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const owner = event.currentTarget.form;
    if (requote && owner)
      void submit(owner, { method: 'get', replace: true, preventScrollReset: true });
  };
  return (
    <>
      <fieldset className="choices slots" aria-describedby={error ? `${name}-error` : undefined}>
        <legend className="visually-hidden">Delivery slot</legend>
        {slots.length === 0 ? (
          <p>No delivery slots are open right now. Please try again later.</p>
        ) : null}
        {slots.map((slot) => (
          <label key={slot.id} className={slot.available ? 'choice' : 'choice unavailable'}>
            <input
              type="radio"
              form={form}
              name={name}
              value={slot.id}
              disabled={!slot.available}
              defaultChecked={slot.id === chosen}
              onChange={onChange}
            />
            <span>
              <strong>{slot.label}</strong>
              <span className="choice-detail">
                {slot.available
                  ? slot.fee === 0
                    ? 'Free delivery'
                    : money(slot.fee)
                  : slot.remaining === 0
                    ? 'Full'
                    : 'Closed'}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <FieldError id={`${name}-error`} message={error} />
    </>
  );
}
