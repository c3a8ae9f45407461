import type { ReactNode } from 'react';
import { useNavigation } from 'react-router';

/** An order form's submit (checkout, guest checkout, smart cart): disabled while it is placed. */
export function PlaceOrderButton({
  intent = 'place-order',
  children,
}: {
  intent?: string;
  children: ReactNode;
}) {
  const placing = useNavigation().formData?.get('intent') === intent;
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      className="button primary"
      disabled={placing}
    >
      {placing ? 'Placing your order…' : children}
    </button>
  );
}
