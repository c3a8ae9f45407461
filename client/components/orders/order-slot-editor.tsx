import { Form, useSearchParams } from 'react-router';
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
  // The slot Enter kept (?slotId=, below): chosen again, the editor open, the focus on it.
  const asked = useSearchParams()[0].get('slotId');
  const kept = slots.find((slot) => slot.available && slot.id === asked)?.id;
  return (
    <details className="add-form" open={Boolean(result) || kept !== undefined}>
      <summary>Change the delivery slot</summary>
      <Form method="post" id="change-slot" preventScrollReset>
        {/* Enter on a slot or a day presses the form's first submit button (implicit
            submission): without JavaScript that was "Move my delivery", and the order moved
            before the shopper had read the fee. This one comes first, unseen: a GET of this page
            with the slot chosen, which moves nothing. With JavaScript Enter does nothing
            (keepEnterOnChoice, ADR 0377). docs/decisions/0383. */}
        <button type="submit" formMethod="get" hidden tabIndex={-1} aria-hidden="true" />
        <input type="hidden" name="intent" value="change-slot" />
        <SlotChoice
          slots={slots}
          chosen={kept ?? current}
          priced={priced}
          form="change-slot"
          error={result?.fieldErrors.slotId}
          focusChosen={kept !== undefined}
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
