import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { CART_UPDATED, isStoreEvent } from '../../cart/cart-events';
import { cartStore } from '../../cart/cart-store';
import { cartTotals } from '../../cart/cart-totals';
import { useCounts } from '../../lib/counted';
import { useMoney } from '../../lib/money';
import { useOfferingSummaries } from '../../cart/offering-summaries';
import { useServerCart } from '../../cart/server-cart';
import { useCart } from '../../cart/use-cart';
import { SpokenCartCount } from './spoken-count';
import './cart.css';

// The panel's code loads when the shopper first opens it (not on the first paint). ADR 0152.
const CartPanel = lazy(() => import('./cart-panel.lazy').then((m) => ({ default: m.CartPanel })));

// The header's booking widget: item count and total, opening the cart panel. It re-checks the
// cart on "cart:updated" sent by other parts of the shop (the store's own events carry the cart).
export function CartWidget() {
  const cart = useCart();
  const money = useMoney();
  const counts = useCounts();
  const summaries = useOfferingSummaries(
    cart.booking?.items.map((item) => item.offeringId) ?? [],
    useServerCart()?.products,
  );
  const dialog = useRef<HTMLDialogElement>(null);
  const [opened, setOpened] = useState(false);
  // A product chosen in the panel opens on the client: the modal dialog goes with the page it was
  // opened on instead of staying over the new one (closing a closed dialog does nothing).
  const locationKey = useLocation().key;
  useEffect(() => dialog.current?.close(), [locationKey]);

  useEffect(() => {
    const recheck = (event: Event) => {
      if (!isStoreEvent(event) && cartStore.getState().tenantId) void cartStore.load();
    };
    window.addEventListener(CART_UPDATED, recheck);
    return () => window.removeEventListener(CART_UPDATED, recheck);
  }, []);

  const totals = cartTotals(cart.booking, summaries);
  const total = money(totals.totalCents, totals.currency ?? undefined);
  const summary = totals.count === 0 ? 'Cart is empty' : `${counts.items(totals.count)}, ${total}`;
  return (
    <div className="cart-widget">
      {/* Without JavaScript the widget is a link to the cart page (docs/decisions/0163). */}
      <a
        href="/cart"
        className="cart-button"
        aria-haspopup="dialog"
        onClick={(event) => {
          event.preventDefault();
          setOpened(true);
          dialog.current?.showModal();
        }}
      >
        <span className="cart-label">Cart</span> <span className="cart-summary">{summary}</span>
      </a>
      <SpokenCartCount />
      <dialog ref={dialog} className="cart-panel" aria-labelledby="cart-panel-title">
        {opened && (
          <Suspense fallback={<p className="cart-panel-loading">Loading the cart…</p>}>
            <CartPanel
              booking={cart.booking}
              summaries={summaries}
              totals={totals}
              error={cart.error}
              onClose={() => dialog.current?.close()}
            />
          </Suspense>
        )}
      </dialog>
    </div>
  );
}
