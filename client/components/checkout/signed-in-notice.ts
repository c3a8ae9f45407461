import { useSearchParams } from 'react-router';
import { href } from '../../../shared/href';
import { noticeOf } from '../../lib/done-notice';
import { useCartChangedNotice } from '../orders/cart-changed';

// A guest checkout form sent after the guest signed in (in another tab) is not a guest's: nothing
// is placed, and the checkout it leads to (`?signedIn=order|account`) says why and what to do
// there, rather than showing the signed-in checkout as if nothing had been asked.
const NOTICES = {
  order:
    'You’re signed in now: check your order and place it here. Nothing was ordered as a guest.',
  account: 'You’re signed in now, so no account was made from your order.',
};

/** Where a guest checkout form goes once its sender is signed in, by the form's intent. */
export function signedInCheckout(intent: FormDataEntryValue | null): string {
  return href('checkout', {}, { signedIn: intent === 'create-account' ? 'account' : 'order' });
}

/** The checkout's notice of a guest form sent after signing in, if it is one. */
export function useSignedInNotice(): string | null {
  const notice = noticeOf(NOTICES, useSearchParams()[0].get('signedIn')) ?? null;
  // The sign-in merged the guest's cart into the account's: the cart widget reads it again.
  useCartChangedNotice(notice !== null);
  return notice;
}
