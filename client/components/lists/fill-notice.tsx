import { useSearchParams } from 'react-router';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '../../../shared/line-limits';
import { useCounts, type Counts } from '../../lib/counted';
import { DoneNotice } from '../forms/form-field';
import { useCartChangedNotice } from '../orders/cart-changed';

// What a list or smart cart put into the cart says (issue #29): how much went in, and the ones
// that did not, named. Read from the URL the form without JavaScript was redirected to (which
// names offerings, not products), or given by the form with JavaScript (ToCartForm). The cart
// widget reloads after a server fill.
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

/** How an item is named whose offering has left the catalogue. */
export const NO_LONGER_SOLD = 'An item no longer sold';

/**
 * How much went in, counted as the cart counts: its badge's items are units (a line of 3 is 3
 * items), an order's lines are products. "2 products (7 items)"; "3 items" when each was one.
 */
export function addedText(
  { added, units }: Pick<Filled, 'added' | 'units'>,
  counts: Pick<Counts, 'content'>,
): string {
  if (added === 0) return 'Nothing was added to your cart.';
  return `${counts.content(added, units)} added to your cart.`;
}

/**
 * What a fill did, said in the page (with JavaScript: the focus stays on the form's button), in
 * the form's live region (ToCartForm), which is there before it: a screen reader announces a
 * change to a region it knows, not a region that comes with its text.
 */
export function FillMessage({ filled }: { filled: Filled }) {
  return (
    <p className="notice">
      <FillText filled={filled} />
    </p>
  );
}

function FillText({ filled }: { filled: Filled }) {
  const counts = useCounts();
  return (
    <>
      {addedText(filled, counts)}
      {filled.missing.length > 0 ? (
        <>
          {' '}
          Not available today, so not added: <strong>{filled.missing.join(', ')}</strong>.
        </>
      ) : null}
      {filled.full.length > 0 ? (
        <>
          {' '}
          Your cart has no room for more lines ({counts.number(MAX_CART_LINES)} at most), so not
          added: <strong>{filled.full.join(', ')}</strong>.
        </>
      ) : null}
      {filled.capped.length > 0 ? (
        <>
          {' '}
          A cart line holds {counts.number(MAX_LINE_QUANTITY)} at most, so not all were added of:{' '}
          <strong>{filled.capped.join(', ')}</strong>.
        </>
      ) : null}
    </>
  );
}

/** An item of the list or smart cart a page shows: its offering and product (null: gone). */
type ShownItem = { offeringId: string; product: { name: string } | null };

/**
 * The fill reported in the page's URL (`filled`, `units`, and `missing`, `full`, `capped` by
 * offering), if any: the redirect of the form's post without JavaScript, whose document starts on
 * it (docs/decisions/0315). The names are the shown items' own; an offering not among them is
 * left out, so a crafted link can make the notice say nothing but the shop's words (ADR 0320).
 */
export function FillNotice({ items }: { items: readonly ShownItem[] }) {
  const [search] = useSearchParams();
  const count = search.get('filled');
  useCartChangedNotice(count !== null);
  if (count === null) return null;
  const names = new Map(
    items.map((item) => [item.offeringId, item.product?.name ?? NO_LONGER_SOLD]),
  );
  const named = (key: string) => search.getAll(key).flatMap((id) => names.get(id) ?? []);
  const units = search.get('units');
  const filled = {
    added: Number(count) || 0,
    units: units !== null && /^\d+$/.test(units) ? Number(units) : null,
    missing: named('missing'),
    full: named('full'),
    capped: named('capped'),
  };
  // `arrival`: it mounts with the redirect (the hook of a notice mounted before would do it).
  return <DoneNotice message={<FillText filled={filled} />} arrival />;
}
