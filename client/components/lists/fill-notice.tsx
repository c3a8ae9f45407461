import { useSearchParams } from 'react-router';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '../../../shared/line-limits';
import { DoneNotice } from '../forms/form-field';
import { useCartChangedNotice } from '../orders/cart-changed';

// What a list or smart cart put into the cart says (issue #29): how much went in, and the ones
// that did not, named. Read from the URL the form without JavaScript was redirected to, or
// given by the form with JavaScript (ToCartForm). The cart widget reloads after a server fill.
// Items left out because the cart holds its most lines (`full`) are named apart from the ones not
// sold today (`missing`): "not available today" would send the shopper looking for a reason the
// product does not have. Items that went in with less than their quantity (a cart line holds
// MAX_LINE_QUANTITY at most: `capped`) are named too: the cart would show fewer than the list asked.
// `units`: their quantities, null if the platform did not say.
export type Filled = {
  added: number;
  units: number | null;
  missing: string[];
  full: string[];
  capped: string[];
};

const counted = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * How much went in, counted as the cart counts: its badge's items are units (a line of 3 is 3
 * items), an order's lines are products. "2 products (7 items)"; "3 items" when each was one.
 */
export function addedText({ added, units }: Pick<Filled, 'added' | 'units'>): string {
  if (added === 0) return 'Nothing was added to your cart.';
  const products = counted(added, 'product');
  if (units === null) return `${products} added to your cart.`;
  const items = counted(units, 'item');
  return `${units === added ? items : `${products} (${items})`} added to your cart.`;
}

/** What a fill did, said in the page (with JavaScript: the focus stays on the form's button). */
export function FillMessage({ filled }: { filled: Filled }) {
  return (
    <p className="notice" role="status">
      <FillText filled={filled} />
    </p>
  );
}

function FillText({ filled }: { filled: Filled }) {
  return (
    <>
      {addedText(filled)}
      {filled.missing.length > 0 ? (
        <>
          {' '}
          Not available today, so not added: <strong>{filled.missing.join(', ')}</strong>.
        </>
      ) : null}
      {filled.full.length > 0 ? (
        <>
          {' '}
          Your cart has no room for more lines ({MAX_CART_LINES} at most), so not added:{' '}
          <strong>{filled.full.join(', ')}</strong>.
        </>
      ) : null}
      {filled.capped.length > 0 ? (
        <>
          {' '}
          A cart line holds {MAX_LINE_QUANTITY.toLocaleString('en')} at most, so not all were added
          of: <strong>{filled.capped.join(', ')}</strong>.
        </>
      ) : null}
    </>
  );
}

/**
 * The fill reported in the page's URL (`filled`, `missing`, `full`), if any: the redirect of the
 * form's post without JavaScript, whose document starts on it (docs/decisions/0315).
 */
export function FillNotice() {
  const [search] = useSearchParams();
  const count = search.get('filled');
  useCartChangedNotice(count !== null);
  if (count === null) return null;
  const units = search.get('units');
  const filled = {
    added: Number(count) || 0,
    units: units !== null && /^\d+$/.test(units) ? Number(units) : null,
    missing: search.getAll('missing'),
    full: search.getAll('full'),
    capped: search.getAll('capped'),
  };
  // `arrival`: it mounts with the redirect (the hook of a notice mounted before would do it).
  return <DoneNotice message={<FillText filled={filled} />} arrival />;
}
