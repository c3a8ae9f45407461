import type { DeliveryAddress, PaymentMethod } from '../../../shared/contracts/profile';
import type { SummaryField } from '../forms/error-summary';
import type { SlotOption } from '../orders/delivery-time';
import { AddressChoice, ORDER_FORM } from './address-choice';
import { PaymentChoice } from './payment-choice';
import { SlotChoice } from './slot-choice';
import type { PricedCart } from './slot-fee';

// The three choices of an order, for the checkout and for ordering a smart cart: where, when, and
// how to pay, with the refusals of the last post (of the order form and of the two add forms).
type Refusal = {
  fieldErrors: Record<string, string>;
  formError?: string;
  /** What was typed in a refused add form (an address's: ../forms/order-steps.server.ts). */
  values?: Record<string, string>;
};

/** The refusals of the last post that the choices show: of the order form and the two add forms. */
export function refusalsOf<R extends Refusal & { intent: string }>(result: R | undefined) {
  const of = (intent: string) => (result?.intent === intent ? result : undefined);
  return { order: of('place-order'), address: of('add-address'), card: of('add-card') };
}

type Props = {
  addresses: DeliveryAddress[];
  slots: SlotOption[];
  cards: PaymentMethod[];
  chosen: { addressId: string | null; slotId: string | null; paymentMethodId: string | null };
  refused: { order?: Refusal; address?: Refusal; card?: Refusal };
  /** The quote beside the choices: the slots say what this cart pays for each (ADR 0334). */
  priced: PricedCart;
  /** Re-quote the totals as soon as a slot is chosen (the checkout's totals show the fee). */
  requote?: boolean;
  /** The steps' headings: `<h3>` inside a section headed `<h2>` (a smart cart's order). */
  level?: 2 | 3;
};

/** The order form's fields the error summary names (ADR 0356), as the page shows them. */
export const ORDER_SUMMARY_FIELDS: readonly SummaryField[] = [
  ...['addressId', 'slotId', 'paymentMethodId'].map((name) => ({
    name,
    target: `${name}-choices`,
  })),
  { name: 'notes', target: 'notes' },
];

export function DeliveryChoices({ chosen, refused, level = 2, ...props }: Props) {
  const { order, address, card } = refused;
  const Heading = level === 3 ? 'h3' : 'h2';
  return (
    <div className="checkout-steps">
      <AddressChoice
        level={level}
        addresses={props.addresses}
        chosen={chosen.addressId}
        error={order?.fieldErrors.addressId}
        addErrors={address?.fieldErrors}
        addFailed={address?.formError}
        addValues={address?.values}
      />
      <section className="checkout-step" aria-labelledby="slot-title">
        <Heading id="slot-title">Delivery slot</Heading>
        <SlotChoice
          slots={props.slots}
          chosen={chosen.slotId}
          priced={props.priced}
          error={order?.fieldErrors.slotId}
          form={ORDER_FORM}
          requote={props.requote}
        />
      </section>
      <PaymentChoice
        level={level}
        cards={props.cards}
        chosen={chosen.paymentMethodId}
        error={order?.fieldErrors.paymentMethodId}
        addErrors={card?.fieldErrors}
        addFailed={card?.formError}
      />
    </div>
  );
}
