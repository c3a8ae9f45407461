import type { SmartCart } from '../../../shared/contracts/lists';
import { PriceEach } from '../catalogue/price-each';
import { useMoney } from '../../lib/money';
import { FormProblem } from '../forms/form-field';
import { LinesEditor, QuantityCell, RemoveCell } from '../forms/lines-editor';
import type { SmartCartActionResult } from './smart-cart-result';

// A smart cart's items at today's prices, saved together (the platform replaces the items).
export function SmartCartItems({
  cart,
  result,
}: {
  cart: SmartCart;
  result?: SmartCartActionResult;
}) {
  const money = useMoney();
  const errors = result?.fieldErrors ?? {};
  if (cart.items.length === 0) return <p>This smart cart is empty.</p>;
  return (
    <LinesEditor
      intent="change-items"
      priceColumn
      saveClassName="button"
      after={<FormProblem message={result?.formError} />}
    >
      {cart.items.map((item, index) => {
        const name = item.product?.name ?? 'No longer sold';
        return (
          <tr key={`${item.offeringId}-${item.byCase}`} role="row">
            <th scope="row" role="rowheader">
              {name}
              <span className="per">
                {' '}
                {item.byCase ? `case of ${item.product?.caseSize ?? '?'}` : 'single'}
              </span>
            </th>
            <QuantityCell
              line={item}
              index={index}
              name={name}
              unit={<span className="per">{item.byCase ? ' cases' : ' singles'}</span>}
              error={errors[`quantity-${index}`]}
            />
            <td role="cell" data-label="Price each" className="num">
              {item.unitPrice === null ? (
                '–'
              ) : (
                <PriceEach
                  cents={item.unitPrice}
                  byCase={item.byCase}
                  caseSize={item.product?.caseSize}
                  pack={item.product?.pack}
                  currency={cart.currency}
                />
              )}
            </td>
            <td role="cell" data-label="Total" className="num">
              {/* The subtotal counts only what can be bought today: the others say so, not a total. */}
              {item.lineTotal === null
                ? 'Unavailable'
                : item.product?.available
                  ? money(item.lineTotal, cart.currency)
                  : 'Not available today'}
            </td>
            <RemoveCell line={item} index={index} name={name} />
          </tr>
        );
      })}
    </LinesEditor>
  );
}
