import { useEffect, useRef, type RefObject } from 'react';
import { useCounts } from '../../lib/counted';

/** One "Remove selected" done: how many lines went; `n` makes each a new notice. */
export type Removed = { lines: number; n: number };

// What "Remove selected (n)" did, said where the focus goes after it (docs/decisions/0335): its
// button is disabled once nothing is chosen, or gone with the last line, and the browser left the
// focus on it or dropped it to <body>. The notice takes it (a screen reader reads it; Tab goes on
// to the lines left), unless the shopper has moved on meanwhile.
export function RemovedNotice(props: {
  removed: Removed;
  /** The "Remove selected" button (null once gone with the last line). */
  from: RefObject<HTMLElement | null>;
}) {
  const { removed, from } = props;
  const notice = useRef<HTMLParagraphElement>(null);
  const counts = useCounts();
  useEffect(() => {
    const at = document.activeElement;
    if (at === null || at === document.body || at === from.current) notice.current?.focus();
  }, [removed, from]);
  return (
    <p className="cart-removed" role="status" tabIndex={-1} ref={notice}>
      {`${counts.products(removed.lines)} removed from your cart.`}
    </p>
  );
}
