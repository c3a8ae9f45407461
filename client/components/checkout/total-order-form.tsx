import { useEffect, useState, type ComponentProps, type ReactNode } from 'react';
import { Form } from 'react-router';
import { ORDER_FORM } from './address-choice';
import { OrderFormFields } from './order-form-fields';
import { PlaceOrderButton } from './place-order-button';
import { slotFeesOf } from './total-changed';

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
 * 0319, 0326, 0330): the fields of what was shown, "Update totals" without JavaScript only (with
 * it a chosen slot re-quotes at once; gone once hydrated, issue #9), and the place-order button.
 */
export function TotalOrderForm({ orderKey, quote, slots, notes, refused, children }: Props) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
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
        {!hydrated && (
          <button type="submit" formMethod="get" className="button secondary">
            Update totals
          </button>
        )}
        <PlaceOrderButton>{children}</PlaceOrderButton>
      </div>
    </Form>
  );
}
