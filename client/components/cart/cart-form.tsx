import type { FormEvent, ReactNode } from 'react';

// One cart change as a plain form: without JavaScript it posts to the /cart resource route
// (client/routes/cart-action.tsx); with JavaScript onSubmit takes over and the store does the work.
export type CartFormFields =
  | { intent: 'set'; offeringId: string; byCase: boolean; quantity: number }
  | { intent: 'remove'; itemUid: string };

export function CartForm(props: {
  fields: CartFormFields;
  returnTo: string;
  onSubmit: () => void;
  className?: string;
  children: ReactNode;
}) {
  const { fields } = props;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    props.onSubmit();
  };
  return (
    <form method="post" action="/cart" className={props.className} onSubmit={submit}>
      <input type="hidden" name="intent" value={fields.intent} />
      {fields.intent === 'set' ? (
        <>
          <input type="hidden" name="offeringId" value={fields.offeringId} />
          <input type="hidden" name="byCase" value={String(fields.byCase)} />
          <input type="hidden" name="quantity" value={fields.quantity} />
        </>
      ) : (
        <input type="hidden" name="itemUid" value={fields.itemUid} />
      )}
      <input type="hidden" name="returnTo" value={props.returnTo} />
      {props.children}
    </form>
  );
}
