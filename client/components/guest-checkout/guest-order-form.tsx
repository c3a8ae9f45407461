import type { ChangeEvent } from 'react';
import { Form, useNavigate } from 'react-router';
import { ADDRESS_FIELDS, CARD_FIELDS } from '../forms/address-card-fields';
import { ErrorSummary, type SummaryField } from '../forms/error-summary';
import { keepEnterInFields } from '../forms/choice-keys';
import { DoneNotice, FieldList, FormField } from '../forms/form-field';
import { deliveryCountriesOf } from '../../../shared/delivery-countries';
import { useShopTenant } from '../../lib/money';
import { usePersonal } from '../../lib/personal';
import { useRefusalFocus } from '../forms/refusal-focus';
import { useCartRecheck } from '../checkout/cart-recheck';
import { CartRefusalNotice } from '../checkout/cart-refused';
import { LineTable } from '../checkout/cart-review';
import { TotalsList } from '../checkout/checkout-totals';
import { OrderFormFields } from '../checkout/order-form-fields';
import { PlaceOrderButton } from '../checkout/place-order-button';
import { checkSlot, SlotChoice } from '../checkout/slot-choice';
import { slotFeesOf } from '../checkout/total-changed';
import { UpdateTotalsButton } from '../checkout/update-totals-button';
import type { GuestCheckoutResult } from './guest-checkout-action.server';
import type { GuestCheckoutData } from './guest-checkout-data.server';
import { useOrderDraft } from './order-draft';

// The guest's order form (issue #29 item 2): e-mail, delivery address, slot, card, in one form,
// with the cart and its totals. The card number is never filled in again after a mistake. A cart
// the platform refuses is said above the form, which keeps what was typed (ADR 0317); a cart
// changed elsewhere reloads the lines and totals, and "Place order" sends the total shown (0319).
// Enter places nothing (0383): without JavaScript "Update totals" is the form's first button, with
// it Enter in a field does nothing.
const FORM = 'guest-order';
// What the error summary names (ADR 0356), in the page's order: a text field's link leads to
// it, the slot's to its group of radios.
const field = (name: string): SummaryField => ({ name, target: `${FORM}-${name}` });
const SUMMARY_FIELDS: readonly SummaryField[] = [
  field('email'),
  ...ADDRESS_FIELDS.map(({ name }) => field(name)),
  { name: 'slotId', target: 'slotId-choices' },
  ...CARD_FIELDS.map(({ name }) => field(name)),
  { name: 'notes', target: 'notes' },
];
type Props = {
  data: Extract<GuestCheckoutData, { state: 'form' | 'refused' }>;
  result?: GuestCheckoutResult;
};

export function GuestOrderForm({ data, result }: Props) {
  const errors = result?.fieldErrors ?? {};
  const scope = useRefusalFocus<HTMLFormElement>(result);
  const valueFor = (name: string) => result?.values?.[name];
  // A refused form comes back with the slot it chose, while that slot can be booked, and its
  // totals: without JavaScript the page's own are of the earliest slot (the URL names none).
  const posted = valueFor('slotId');
  const bookable = (id: string | undefined) => data.slots.some((s) => s.available && s.id === id);
  const slotId = bookable(posted) ? posted! : data.slotId;
  // None while the platform refuses the cart: it prices no order of it.
  const totals =
    data.state === 'refused' ? null : result?.quote?.slotId === slotId ? result.quote : data.quote;
  const slot = data.slots.find((s) => s.id === slotId);
  // The guest's cart, read with the page, gives the lines their price per kg (ADR 0214) and the
  // draft its owner (ADR 0338).
  const cart = usePersonal().cart;
  const products = cart?.products;
  // With JavaScript a chosen slot re-quotes the totals (its fee) at once, by the slot alone in the
  // URL: the page keeps what was typed, and no other field leaves the form.
  const navigate = useNavigate();
  const chooseSlot = (id: string) => {
    if (id !== slotId)
      void navigate(`?slotId=${encodeURIComponent(id)}`, {
        replace: true,
        preventScrollReset: true,
      });
  };
  const requote = (event: ChangeEvent<HTMLElement>) => {
    const input = event.target as HTMLInputElement;
    if (input.name === 'slotId' && input.checked) chooseSlot(input.value);
  };
  // The answer of a post that refused nothing of the form: the cart was refused, or (a cart that
  // can be ordered) the totals were updated.
  const answered = result !== undefined && !result.formError && Object.keys(errors).length === 0;
  const updated = answered && data.state === 'form' && result.intent === 'check-cart';
  // The slot a draft kept (ADR 0317), chosen again while it can be booked.
  const restoreSlot = (id: string) => {
    const kept = data.slots.find((s) => s.available && s.id === id);
    if (!kept || id === slotId || !scope.current) return;
    checkSlot(scope.current, kept);
    chooseSlot(id);
  };
  // The country a draft kept is chosen again only where the shop still delivers (ADR 0340).
  const countries = deliveryCountriesOf(useShopTenant());
  const keepDraft = useOrderDraft(scope, cart?.booking.uid, countries, restoreSlot);
  useCartRecheck(data.state === 'refused', scope);
  return (
    // One form around the whole page: the fields of every step are the order's.
    <Form
      method="post"
      id={FORM}
      className="checkout"
      ref={scope}
      onChange={keepDraft}
      onKeyDown={keepEnterInFields}
    >
      <h1 id="checkout-title">Check out as a guest</h1>
      <ErrorSummary errors={errors} fields={SUMMARY_FIELDS} />
      {data.state === 'refused' ? (
        <div className="checkout-refusal">
          <CartRefusalNotice refusal={data.refused} answer={answered} />
        </div>
      ) : null}
      <div className="checkout-steps">
        <section className="checkout-step" aria-labelledby="guest-email-title">
          <h2 id="guest-email-title">Your e-mail address</h2>
          <FormField
            form={FORM}
            name="email"
            label="E-mail address"
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            defaultValue={valueFor('email')}
            error={errors.email}
            hint="We send the order confirmation here."
          />
        </section>
        <section className="checkout-step field-grid" aria-labelledby="guest-address-title">
          <h2 id="guest-address-title">Delivery address</h2>
          <FieldList form={FORM} fields={ADDRESS_FIELDS} errors={errors} valueFor={valueFor} />
        </section>
        <section className="checkout-step" aria-labelledby="slot-title">
          <h2 id="slot-title">Delivery slot</h2>
          <div onChange={requote}>
            <SlotChoice
              slots={data.slots}
              chosen={slotId}
              priced={totals}
              error={errors.slotId}
              form={FORM}
            />
          </div>
        </section>
        <section className="checkout-step field-grid" aria-labelledby="guest-card-title">
          <h2 id="guest-card-title">Payment card</h2>
          <FieldList
            form={FORM}
            fields={CARD_FIELDS}
            errors={errors}
            valueFor={(name) => (name === 'cardNumber' ? undefined : valueFor(name))}
          />
        </section>
      </div>
      <aside className="checkout-summary" aria-labelledby="summary-title">
        <h2 id="summary-title">Your order</h2>
        {totals ? (
          <>
            <LineTable
              lines={totals.lines}
              currency={totals.currency}
              caption="Items in your cart"
              products={products}
            />
            <TotalsList totals={totals} slot={slot?.label} />
          </>
        ) : (
          <p>The totals show once your cart can be ordered.</p>
        )}
        <div className="order-form">
          <OrderFormFields
            orderKey={data.orderKey}
            total={totals?.total}
            delivery={
              totals
                ? { subtotal: totals.subtotal, slotFees: slotFeesOf(totals, data.slots) }
                : undefined
            }
            notes={valueFor('notes')}
            refused={result}
          />
          {/* Without JavaScript the page starts here after "Update totals" (or Enter). */}
          <DoneNotice message={updated ? updatedWords(result.cardNumberTyped) : null} />
          {data.state === 'refused' ? (
            // Without JavaScript, after the cart is put right in another tab (ADR 0317); the card
            // number, required to place the order, may still be empty.
            <button
              type="submit"
              name="intent"
              value="check-cart"
              className="button primary"
              formNoValidate
            >
              Check my cart again
            </button>
          ) : (
            <div className="order-buttons">
              <UpdateTotalsButton name="intent" value="check-cart" formNoValidate />
              <PlaceOrderButton intent="place-guest-order">Place order</PlaceOrderButton>
            </div>
          )}
        </div>
      </aside>
    </Form>
  );
}

/** What "Update totals" says: the card number is never sent back to the page (ADR 0111). */
const updatedWords = (cardNumberTyped: boolean | undefined) =>
  cardNumberTyped
    ? 'The totals are updated. Please type the card number again.'
    : 'The totals are updated.';
