import { useEffect, useSyncExternalStore } from 'react';
import { useHasSession, usePageContext } from '../lib/page-context';
import { cartStore, type CartState } from './cart-store';
import { NO_QUANTITY, type OfferingQuantity } from './quantity-map';

// React's view of the cart store. The server renders the empty cart; the browser connects the
// store to the page's shop after hydration and loads the cart once per page load.
function useConnectedCart(): void {
  const tenantId = usePageContext()?.tenant.id;
  const hasSession = useHasSession();
  useEffect(() => {
    if (tenantId) cartStore.connect(tenantId, hasSession);
  }, [tenantId, hasSession]);
}

export function useCart(): CartState {
  useConnectedCart();
  return useSyncExternalStore(cartStore.subscribe, cartStore.getState, cartStore.getServerState);
}

/** The quantities of one offering (case and single counts), as every quantity control shows them. */
export function useQuantity(offeringId: string): OfferingQuantity {
  useConnectedCart();
  const select = () => cartStore.getState().quantities[offeringId] ?? NO_QUANTITY;
  return useSyncExternalStore(cartStore.subscribe, select, () => NO_QUANTITY);
}

/** The message of the last failed change of one offering, if any. */
export function useQuantityMessage(offeringId: string): string | undefined {
  const select = () => cartStore.getState().messages[offeringId];
  return useSyncExternalStore(cartStore.subscribe, select, () => undefined);
}
