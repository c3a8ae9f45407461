import { Form } from 'react-router';
import { SlotChoice } from '../checkout/slot-choice';
import type { PricedCart } from '../checkout/slot-fee';
import type { SlotOption } from './delivery-time';
import type { OrderActionResult } from './order-forms';

// Moving an order to another delivery slot before its cut-off. Each slot says what the order
// would pay there (`priced`: the order's own slot its agreed fee; another slot its fee, or none
// past the free-delivery threshold, as the platform prices the move, ADR 0334).
type Props = {
  slots: SlotOption[];
  current: string;
  priced: PricedCart;
  result?: OrderActionResult;
};

export function OrderSlotEditor({ slots, current, priced, result }: Props) {
  return (
    <details className="add-form" open={Boolean(result)}>
      <summary>Change the delivery slot</summary>
      <Form method="post" id="change-slot" preventScrollReset>
        <input type="hidden" name="intent" value="change-slot" />
        <SlotChoice
          slots={slots}
          chosen={current}
          priced={priced}
          form="change-slot"
          error={result?.fieldErrors.slotId}
        />
        {result?.formError ? (
          <p className="form-error" role="alert">
            {result.formError}
          </p>
        ) : null}
        <button type="submit" className="button primary">
          Move my delivery
        </button>
      </Form>
    </details>
  );
}
