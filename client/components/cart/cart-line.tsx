import { Link } from 'react-router';
import type { BookingItem } from '../../../shared/contracts/booking';
import type { ProductSummary } from '../../../shared/contracts/catalogue';
import { cartStore } from '../../cart/cart-store';
import { useMoney } from '../../lib/money';
import { useQuantity } from '../../cart/use-cart';
import { UnitPrice } from '../catalogue/unit-price';
import { AddToList } from '../lists/add-to-list';
import { CartForm } from './cart-form';
import { QuantityRow } from './quantity-row';

// One line of the cart panel: a single or a case of one offering.
export function CartLine(props: {
  item: BookingItem;
  product: ProductSummary | undefined;
  selected: boolean;
  /** Absent before hydration: no checkbox (choosing lines needs JavaScript). */
  onSelect?: (selected: boolean) => void;
  returnTo: string;
  /** Called as "Remove" is pressed, before the line goes. */
  onRemove?: () => void;
}) {
  const { item, product } = props;
  const kind = item.byCase ? 'case' : 'single';
  const count = useQuantity(item.offeringId)[kind];
  const money = useMoney();
  const label = `${product?.name ?? item.offeringId} (${item.byCase ? 'cases' : 'singles'})`;
  const offering = product?.offering;
  const lineCents = offering
    ? count * (item.byCase ? offering.priceCaseCents : offering.priceSingleCents)
    : null;
  return (
    <li className="cart-line">
      <label className="cart-line-name">
        {props.onSelect && (
          <input
            type="checkbox"
            // Named as the line's other controls are: the <label> around it also holds the
            // product's link and "Add to list", whose words are no part of its name.
            aria-label={label}
            checked={props.selected}
            onChange={(event) => props.onSelect?.(event.target.checked)}
          />
        )}
        {product ? (
          <img
            className="cart-line-picture"
            src={product.image}
            alt=""
            width={44}
            height={44}
            loading="lazy"
            decoding="async"
          />
        ) : null}
        <span>
          {product ? <Link to={`/products/${product.slug}`}>{product.name}</Link> : item.offeringId}{' '}
          <small>{item.byCase ? `case of ${offering?.caseSize ?? '?'}` : 'single'}</small>{' '}
          {product ? (
            <AddToList
              offeringId={item.offeringId}
              productName={product.name}
              quantity={count}
              byCase={item.byCase}
              returnTo={props.returnTo}
            />
          ) : null}
        </span>
      </label>
      <QuantityRow
        offering={{
          id: item.offeringId,
          caseSize: offering?.caseSize ?? 1,
          available: offering?.available ?? true,
          priceSingleCents: offering?.priceSingleCents ?? 0,
          priceCaseCents: offering?.priceCaseCents ?? 0,
        }}
        kind={kind}
        name={label}
        count={count}
        returnTo={props.returnTo}
      />
      <span className="cart-line-price">
        {lineCents === null ? '' : money(lineCents, offering?.currency)}{' '}
        {lineCents === null || !product ? null : (
          <UnitPrice
            cents={lineCents}
            pack={product.pack}
            count={count * (item.byCase ? (offering?.caseSize ?? 1) : 1)}
            currency={offering?.currency}
          />
        )}
      </span>
      <CartForm
        fields={{ intent: 'remove', itemUid: item.uid }}
        returnTo={props.returnTo}
        onSubmit={() => {
          props.onRemove?.();
          void cartStore.removeItem(item.uid);
        }}
      >
        <button type="submit" className="cart-line-remove" aria-label={`Remove ${label}`}>
          Remove
        </button>
      </CartForm>
    </li>
  );
}
