import { useEffect, useState, type ButtonHTMLAttributes } from 'react';

/**
 * "Update totals", without JavaScript only: with it a chosen slot re-quotes at once, and the
 * button goes once the page is hydrated (issue #9). It comes before the order's own button: Enter
 * in a field or on a radio presses a form's first submit button (implicit submission), which must
 * place nothing (docs/decisions/0383). `formMethod="get"` where the page's address carries the
 * choices (the checkout); the guest's form posts its check instead (a card number in no address).
 */
export function UpdateTotalsButton(props: ButtonHTMLAttributes<HTMLButtonElement>) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (hydrated) return null;
  return (
    <button type="submit" className="button secondary" {...props}>
      Update totals
    </button>
  );
}
