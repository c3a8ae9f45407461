// On the sign-in screen reached from the checkout (`returnTo=/checkout…`): the other way in,
// ordering as a guest with an e-mail address (issue #29 item 2).
export function GuestCheckoutOffer({ returnTo }: { returnTo: string }) {
  if (!/^\/checkout(?:[/?]|$)/.test(returnTo)) return null;
  return (
    <p className="guest-checkout-offer">
      No account? <a href="/checkout/guest">Check out as a guest</a>
    </p>
  );
}
