import { useSearchParams } from 'react-router';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '../../../shared/line-limits';
import { DoneNotice } from '../forms/form-field';
import { useCartChangedNotice } from '../orders/cart-changed';

// What a list or smart cart put into the cart says (issue #29): how many items went in, and the
// ones that did not, named. Read from the URL the form without JavaScript was redirected to, or
// given by the form with JavaScript (ToCartForm). The cart widget reloads after a server fill.
// Items left out because the cart holds its most lines (`full`) are named apart from the ones not
// sold today (`missing`): "not available today" would send the shopper looking for a reason the
// product does not have. Items that went in with less than their quantity (a cart line holds
// MAX_LINE_QUANTITY at most: `capped`) are named too: the cart would show fewer than the list asked.
export type Filled = { added: number; missing: string[]; full: string[]; capped: string[] };

export const itemsText = (n: number) => (n === 1 ? '1 item' : `${n} items`);

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
      {filled.added > 0
        ? `${itemsText(filled.added)} added to your cart.`
        : 'Nothing was added to your cart.'}
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
  const filled = {
    added: Number(count) || 0,
    missing: search.getAll('missing'),
    full: search.getAll('full'),
    capped: search.getAll('capped'),
  };
  // `arrival`: it mounts with the redirect (the hook of a notice mounted before would do it).
  return <DoneNotice message={<FillText filled={filled} />} arrival />;
}
