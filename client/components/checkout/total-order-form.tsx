import type { ComponentProps, ReactNode } from 'react';
import { Form } from 'react-router';
import { ORDER_FORM } from './address-choice';
import { OrderFormFields } from './order-form-fields';
import { PlaceOrderButton } from './place-order-button';
import { slotFeesOf } from './total-changed';
import { UpdateTotalsButton } from './update-totals-button';

type Props = {
  orderKey: string;
  quote: Parameters<typeof slotFeesOf>[0] & { total: number };
  slots: Parameters<typeof slotFeesOf>[1];
  notes: string;
  refused: ComponentProps<typeof OrderFormFields>['refused'];
  /** The place-order button's text. */
  children: ReactNode;
};

/**
 * The form that places an order at the total its page shows (the checkout, a smart cart: ADR
 * 0319, 0326, 0330): the fields of what was shown, "Update totals" (a GET of the page with the
 * choices; first, so that Enter updates and places nothing) and the place-order button.
 */
export function TotalOrderForm({ orderKey, quote, slots, notes, refused, children }: Props) {
  return (
    <Form method="post" id={ORDER_FORM} className="order-form">
      <OrderFormFields
        orderKey={orderKey}
        total={quote.total}
        delivery={{ subtotal: quote.subtotal, slotFees: slotFeesOf(quote, slots) }}
        notes={notes}
        refused={refused}
      />
      <div className="order-buttons">
        <UpdateTotalsButton formMethod="get" />
        <PlaceOrderButton>{children}</PlaceOrderButton>
      </div>
    </Form>
  );
}
