import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { cartStore } from '../../cart/cart-store';
import { ORDER_KEY_FIELD } from '../forms/order-key-field';
import { fillCartFrom, type FillOutcome } from './fill-cart.client';
import { FillMessage } from './fill-notice';

// "Add all to cart" / "Add to cart" of a list or a smart cart (issue #29). Without JavaScript the
// form posts to the screen's action, which asks the platform to fill the cart. With JavaScript the
// page makes the same call of the platform through the proxy (./fill-cart.client.ts) and shows
// what it added and what it could not, named; the cart widget takes the cart it answered with.
// Both carry the page's key (docs/decisions/0328): the same submission sent again (a double
// click, "resubmit", a retry) adds nothing. With JavaScript the page stays, so a fill done makes
// the form a new key: the next click is a new submission.
type Props = {
  /** The platform's to-cart call (listPaths.toCart, smartCartPaths.toCart) and its body. */
  call: { path: string; body?: object };
  /** The hidden fields the screen's action reads (intent, ids). */
  fields: Record<string, string>;
  /** The key of this rendering of the page's forms (its loader's). */
  formKey: string;
  className?: string;
  children: ReactNode;
};

/** 128 random bits, in hex: crypto.randomUUID needs a secure context, getRandomValues does not. */
const newKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');

export function ToCartForm({ call, fields, formKey, className, children }: Props) {
  const [outcome, setOutcome] = useState<FillOutcome | null>(null);
  const [fills, setFills] = useState(0);
  const [key, setKey] = useState(formKey);
  const sending = useRef(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    // The store needs the page's shop; until it has one, the form posts as without JavaScript.
    if (!cartStore.getState().tenantId) return;
    event.preventDefault();
    // A second click while the first is on its way would add the items twice.
    if (sending.current) return;
    sending.current = true;
    void fillCartFrom(call.path, call.body ?? {}, key)
      .then((filled) => {
        // A failed fill keeps its key: sent again, it cannot add twice if the first did arrive.
        if (filled.ok) setKey(newKey());
        setFills((n) => n + 1);
        setOutcome(filled);
      })
      .finally(() => (sending.current = false));
  };
  return (
    <>
      <form method="post" className={className} onSubmit={submit}>
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name={ORDER_KEY_FIELD} value={key} />
        {children}
      </form>
      {/* The live region is on the page before any fill, so its message is announced; each
          fill's is a new one (`key`), so the same words after a second fill are said again. */}
      <div role="status">
        {outcome?.ok ? <FillMessage key={fills} filled={outcome.filled} /> : null}
      </div>
      {outcome && !outcome.ok ? (
        <p className="form-error" role="alert">
          {outcome.message}
        </p>
      ) : null}
    </>
  );
}
