import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { Booking } from '../../../shared/contracts/booking';
import type { ProductSummary } from '../../../shared/contracts/catalogue';
import { href } from '../../../shared/href';
import { cartStore } from '../../cart/cart-store';
import { appLink } from '../../lib/app-links';
import type { CartTotals } from '../../cart/cart-totals';
import { useCounts } from '../../lib/counted';
import { useMoney } from '../../lib/money';
import { usePersonal } from '../../lib/personal';
import { MAX_CART_LINES } from '../../../shared/line-limits';
import { SaveCartForm } from '../smart-carts/save-cart-form';
import { CartLine } from './cart-line';
import { RemovedNotice, type Removed } from './removed-notice';

// The cart's content in the widget's dialog: lines with quantity controls, remove one or several,
// the running subtotal (the goods, before delivery) and the way to checkout.
export function CartPanel(props: {
  booking: Booking | null;
  summaries: ReadonlyMap<string, ProductSummary>;
  totals: CartTotals;
  error: string | null;
  /** In the header's dialog; absent on the cart page. */
  onClose?: () => void;
  headingLevel?: 'h1' | 'h2';
}) {
  const Heading = props.headingLevel ?? 'h2';
  const { booking, summaries, totals } = props;
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // "Remove selected" says what it did, and its notice takes the focus (./removed-notice.tsx).
  const [removed, setRemoved] = useState<Removed | null>(null);
  const removeButton = useRef<HTMLButtonElement>(null);
  // Choosing several lines to remove needs JavaScript: without it each line has its own form.
  const [interactive, setInteractive] = useState(false);
  useEffect(() => setInteractive(true), []);
  const location = useLocation();
  const money = useMoney();
  const { number } = useCounts();
  const signedIn = usePersonal().account !== null;
  const items = booking?.items ?? [];
  const chosen = items.filter((item) => selected.has(item.uid)).map((item) => item.uid);
  const toggle = (uid: string, on: boolean) => {
    setRemoved(null);
    const next = new Set(selected);
    if (on) next.add(uid);
    else next.delete(uid);
    setSelected(next);
  };
  // "Remove" takes its line, and its button, away: the browser dropped the focus to <body> (in
  // the dialog still open). The line now at its place takes it, else the line before, else the
  // heading (docs/decisions/0332, as 0324 for "Add 1"); only a focus lost, not one moved on.
  const body = useRef<HTMLDivElement>(null);
  const removedAt = useRef(-1);
  useEffect(() => {
    const at = removedAt.current;
    if (at < 0 || document.activeElement !== document.body) return;
    removedAt.current = -1;
    const buttons = body.current!.querySelectorAll<HTMLElement>('.cart-line-remove');
    const line = buttons[Math.min(at, buttons.length - 1)];
    if (line) line.focus();
    else {
      const heading = body.current!.querySelector<HTMLElement>('h1,h2')!;
      heading.tabIndex = -1;
      heading.focus();
    }
  }, [booking]);
  const removeSelected = async () => {
    const lines = chosen.length;
    if ((await cartStore.removeItems(chosen)) === null) return;
    setSelected(new Set());
    setRemoved((last) => ({ lines, n: (last?.n ?? 0) + 1 }));
  };
  return (
    <div className="cart-panel-body" ref={body}>
      <div className="cart-panel-head">
        <Heading id={props.onClose ? 'cart-panel-title' : 'cart-page-title'}>Your cart</Heading>
        {props.onClose && (
          <button type="button" onClick={props.onClose} aria-label="Close cart">
            ×
          </button>
        )}
      </div>
      {removed && <RemovedNotice key={removed.n} removed={removed} from={removeButton} />}
      {props.error && (
        <p className="quantity-message" role="alert">
          {props.error}
        </p>
      )}
      {items.length > MAX_CART_LINES && (
        // Only a guest's cart merged at sign-in gets here (docs/decisions/0314): all of it is
        // kept, and the shopper chooses what goes.
        <p className="quantity-message" role="status">
          {`Your cart holds ${number(items.length)} lines, and an order at most ` +
            `${number(MAX_CART_LINES)}: remove at least ${number(items.length - MAX_CART_LINES)} ` +
            'to check out.'}
        </p>
      )}
      {items.length === 0 ? (
        <p>
          Your cart is empty.
          {/* The page's way back to the shelves (the dialog's is its close button). */}
          {props.onClose ? null : (
            <>
              {' '}
              <a href={href('home')} {...appLink}>
                Start shopping
              </a>
            </>
          )}
        </p>
      ) : (
        <>
          <ul className="cart-lines" aria-label="Cart items">
            {items.map((item, index) => (
              <CartLine
                key={item.uid}
                item={item}
                product={summaries.get(item.offeringId)}
                selected={selected.has(item.uid)}
                onSelect={interactive ? (on) => toggle(item.uid, on) : undefined}
                returnTo={`${location.pathname}${location.search}`}
                onRemove={() => {
                  removedAt.current = index;
                  setRemoved(null);
                }}
              />
            ))}
          </ul>
          <div className="cart-panel-actions">
            {interactive && (
              <button
                type="button"
                ref={removeButton}
                disabled={chosen.length === 0}
                onClick={() => void removeSelected()}
              >
                Remove selected ({number(chosen.length)})
              </button>
            )}
            {/* The goods alone, as the checkout's "Subtotal": its "Total" adds the delivery fee. */}
            <p className="cart-total">
              Subtotal{totals.priced ? '' : ' (so far)'}:{' '}
              <strong>{money(totals.totalCents, totals.currency ?? undefined)}</strong>
            </p>
          </div>
        </>
      )}
      {items.length > 0 && (
        // A guest is sent to sign in first and comes back to the checkout, or checks out as a
        // guest (issue #29).
        <a className="cart-checkout" href="/checkout">
          {signedIn ? 'Go to checkout' : 'Sign in to check out'}
        </a>
      )}
      {items.length > 0 && !signedIn && (
        <p className="cart-guest-checkout">
          <a href="/checkout/guest">Check out as a guest</a>
        </p>
      )}
      {items.length > 0 && signedIn && <SaveCartForm />}
    </div>
  );
}
