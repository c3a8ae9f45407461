import { cartStore } from '../../cart/cart-store';
import { useCounts } from '../../lib/counted';
import { CartForm } from './cart-form';

export type QuantityOffering = {
  id: string;
  caseSize: number;
  available: boolean;
  priceSingleCents: number;
  priceCaseCents: number;
};

type Kind = 'single' | 'case';

// −, count, + for singles or for cases of one offering ("Add" at zero). Each click asks for an
// absolute quantity computed from the store at click time, so fast repeated clicks count every
// click and the last one wins (docs/decisions/0080). Without JavaScript each button is a form.
export function QuantityRow(props: {
  offering: QuantityOffering;
  kind: Kind;
  name: string;
  price?: string;
  count: number;
  returnTo: string;
}) {
  const { offering, kind, name, count, returnTo } = props;
  const byCase = kind === 'case';
  const { number } = useCounts();
  const change = (delta: number) => {
    const current = cartStore.getState().quantities[offering.id]?.[kind] ?? 0;
    void cartStore.setQuantity(offering.id, { byCase, quantity: Math.max(0, current + delta) });
  };
  const fields = (quantity: number) => ({
    intent: 'set' as const,
    offeringId: offering.id,
    byCase,
    quantity,
  });
  return (
    <div className="quantity-row" role="group" aria-label={name}>
      {props.price && <span className="quantity-price">{props.price}</span>}
      {count === 0 ? (
        <CartForm fields={fields(1)} returnTo={returnTo} onSubmit={() => change(1)}>
          <button
            type="submit"
            className="quantity-add"
            disabled={!offering.available}
            aria-label={`Add ${name}`}
          >
            Add
          </button>
        </CartForm>
      ) : (
        <span className="quantity-stepper">
          <CartForm fields={fields(count - 1)} returnTo={returnTo} onSubmit={() => change(-1)}>
            <button type="submit" aria-label={`Decrease quantity of ${name}`}>
              −
            </button>
          </CartForm>
          <output aria-label={`Quantity of ${name}`} aria-live="polite">
            {number(count)}
          </output>
          <CartForm fields={fields(count + 1)} returnTo={returnTo} onSubmit={() => change(1)}>
            <button
              type="submit"
              disabled={!offering.available}
              aria-label={`Increase quantity of ${name}`}
            >
              +
            </button>
          </CartForm>
        </span>
      )}
    </div>
  );
}
