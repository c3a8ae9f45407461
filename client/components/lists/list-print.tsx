import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { ShoppingList } from '../../../shared/contracts/lists';
import { href } from '../../../shared/href';
import { useCounts } from '../../lib/counted';
import { ListItemName, ListItemPrice } from './list-items';
import '../../styles/stacked-table.css';

// A list to print: a plain checklist with a box per item. The page's chrome is hidden when
// printing (lists.css, @media print). The Print button needs JavaScript: it appears once the page
// runs, the hint about the browser's print command stays for those without.
export function ListPrint({ list }: { list: ShoppingList }) {
  const [canPrint, setCanPrint] = useState(false);
  const { number } = useCounts();
  useEffect(() => setCanPrint(typeof window.print === 'function'), []);
  return (
    <article className="list-print" aria-labelledby="print-title">
      <p className="no-print">
        <Link to={href('shopping-lists', {}, { list: list.id })}>← Back to the list</Link>{' '}
        <span className="hint">Use your browser’s print command to print this page.</span>
      </p>
      {canPrint ? (
        <p className="no-print">
          <button type="button" className="button" onClick={() => window.print()}>
            Print
          </button>
        </p>
      ) : null}
      <h1 id="print-title">{list.name}</h1>
      {list.items.length === 0 ? (
        <p>This list is empty.</p>
      ) : (
        // A scroll box of its own between a phone and a page wide enough, in the tab order to
        // scroll by keyboard; a card per item on a phone (stacked-table.css, ADR 0384).
        <div className="table-scroll" role="region" aria-labelledby="print-title" tabIndex={0}>
          <table className="print-table stacked-table" role="table">
            <thead role="rowgroup">
              <tr role="row">
                <th scope="col" role="columnheader">
                  <span className="visually-hidden">Done</span>
                </th>
                <th scope="col" role="columnheader">
                  Product
                </th>
                <th scope="col" role="columnheader">
                  Brand
                </th>
                <th scope="col" role="columnheader" className="num">
                  Qty
                </th>
                <th scope="col" role="columnheader" className="num">
                  Price each
                </th>
                <th scope="col" role="columnheader">
                  Note
                </th>
              </tr>
            </thead>
            <tbody role="rowgroup">
              {list.items.map((item) => (
                <tr key={item.id} role="row">
                  <td role="cell" className="tick" aria-hidden="true">
                    ☐
                  </td>
                  <th scope="row" role="rowheader">
                    <ListItemName item={item} />
                  </th>
                  <td role="cell" data-label="Brand">
                    {item.product?.brand ?? ''}
                  </td>
                  <td role="cell" data-label="Qty" className="num">
                    {number(item.quantity)}
                  </td>
                  <td role="cell" data-label="Price each" className="num">
                    {/* A case item is bought by the case: its price, as on the list screen. */}
                    <ListItemPrice item={item} currency={list.currency} />
                  </td>
                  <td role="cell" data-label="Note">
                    {item.note}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </article>
  );
}
