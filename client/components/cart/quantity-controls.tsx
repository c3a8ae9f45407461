import type { FormEvent } from 'react';
import { useLocation } from 'react-router';
import { cartStore } from '../../cart/cart-store';
import { useQuantity, useQuantityMessage } from '../../cart/use-cart';
import { useCounts } from '../../lib/counted';
import type { QuantityOffering } from './quantity-row';
import { useSwapFocus } from './swap-focus';
import './cart.css';

export type { QuantityOffering };

type Kind = 'single' | 'case';

// What a product card or page adds to the cart (issue #9): "Add 1" and "Add case of 12" as two
// submit buttons of one form, or a −/count/+ stepper per kind once it is in the cart (one form,
// the quantity on the button). Without JavaScript the forms post to /cart; with it the store does
// the work, reading the clicked button (docs/decisions/0080, 0081, 0162). Prices are shown once,
// by OfferingPrice, not here.
export function QuantityControls(props: {
  offering: QuantityOffering;
  productName: string;
  returnTo?: string;
}) {
  const { offering, productName } = props;
  const quantity = useQuantity(offering.id);
  const message = useQuantityMessage(offering.id);
  const location = useLocation();
  const { number } = useCounts();
  const returnTo = props.returnTo ?? `${location.pathname}${location.search}`;
  const kinds: Kind[] = offering.caseSize > 1 ? ['single', 'case'] : ['single'];
  const toAdd = kinds.filter((kind) => quantity[kind] === 0);
  // The focus follows a control that gives way to its kind's other one (./swap-focus.ts).
  const focus = useSwapFocus<HTMLDivElement>([quantity.single, quantity.case]);
  const set = (kind: Kind, value: number) => {
    focus.pressed(kind);
    void cartStore.setQuantity(offering.id, { byCase: kind === 'case', quantity: value });
  };
  // The count at click time, so fast repeated clicks each count (docs/decisions/0080).
  const now = (kind: Kind) => cartStore.getState().quantities[offering.id]?.[kind] ?? 0;
  const clicked = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    return (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
  };
  return (
    <div className="quantity-controls" ref={focus.box}>
      {kinds
        .filter((kind) => quantity[kind] > 0)
        .map((kind) => {
          const label = `${productName} (${kind === 'case' ? 'cases' : 'singles'})`;
          const count = quantity[kind];
          return (
            <form
              key={kind}
              method="post"
              action="/cart"
              className="quantity-stepper"
              aria-label={label}
              onSubmit={(event) => {
                const delta = Number(clicked(event)?.dataset.delta ?? 0);
                set(kind, Math.max(0, now(kind) + delta));
              }}
            >
              <input type="hidden" name="intent" value="set" />
              <input type="hidden" name="offeringId" value={offering.id} />
              <input type="hidden" name="byCase" value={String(kind === 'case')} />
              <input type="hidden" name="returnTo" value={returnTo} />
              <span className="quantity-kind">
                {kind === 'case' ? `Cases of ${offering.caseSize}` : 'Singles'}
              </span>
              <button
                type="submit"
                name="quantity"
                value={count - 1}
                data-delta={-1}
                aria-label={`Decrease quantity of ${label}`}
              >
                −
              </button>
              <output aria-label={`Quantity of ${label}`} aria-live="polite">
                {number(count)}
              </output>
              <button
                type="submit"
                name="quantity"
                value={count + 1}
                data-delta={1}
                data-kind={kind}
                disabled={!offering.available}
                aria-label={`Increase quantity of ${label}`}
              >
                +
              </button>
            </form>
          );
        })}
      {toAdd.length > 0 && (
        <form
          method="post"
          action="/cart"
          className="quantity-add-form"
          onSubmit={(event) => {
            const kind: Kind = clicked(event)?.value === 'true' ? 'case' : 'single';
            set(kind, now(kind) + 1);
          }}
        >
          <input type="hidden" name="intent" value="set" />
          <input type="hidden" name="offeringId" value={offering.id} />
          <input type="hidden" name="quantity" value="1" />
          <input type="hidden" name="returnTo" value={returnTo} />
          {toAdd.map((kind) => (
            <button
              key={kind}
              type="submit"
              name="byCase"
              value={String(kind === 'case')}
              className="quantity-add"
              data-kind={kind}
              disabled={!offering.available}
              aria-label={
                kind === 'case'
                  ? `Add case of ${offering.caseSize} ${productName}`
                  : `Add 1 ${productName}`
              }
            >
              {kind === 'case' ? `Add case of ${offering.caseSize}` : 'Add 1'}
            </button>
          ))}
        </form>
      )}
      {message && (
        <p className="quantity-message" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
