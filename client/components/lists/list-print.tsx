import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { ShoppingList } from '../../../shared/contracts/lists';
import { href } from '../../../shared/href';
import { useCounts } from '../../lib/counted';
import { ListItemName, ListItemPrice } from './list-items';

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
        // A scroll box of its own on a narrow phone, in the tab order to scroll by keyboard.
        <div className="table-scroll" role="region" aria-labelledby="print-title" tabIndex={0}>
          <table className="print-table">
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">Done</span>
                </th>
                <th scope="col">Product</th>
                <th scope="col">Brand</th>
                <th scope="col" className="num">
                  Qty
                </th>
                <th scope="col" className="num">
                  Price each
                </th>
                <th scope="col">Note</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((item) => (
                <tr key={item.id}>
                  <td className="tick" aria-hidden="true">
                    ☐
                  </td>
                  <th scope="row">
                    <ListItemName item={item} />
                  </th>
                  <td>{item.product?.brand ?? ''}</td>
                  <td className="num">{number(item.quantity)}</td>
                  <td className="num">
                    {/* A case item is bought by the case: its price, as on the list screen. */}
                    <ListItemPrice item={item} currency={list.currency} />
                  </td>
                  <td>{item.note}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </article>
  );
}
