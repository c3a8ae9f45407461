import { useState, type FormEvent, type ReactNode } from 'react';
import { cartStore } from '../../cart/cart-store';
import { FillMessage, type Filled } from './fill-notice';

// "Add all to cart" / "Add to cart" of a list or a smart cart (issue #29). Without JavaScript the
// form posts to the screen's action, which asks the platform to fill the cart. With JavaScript the
// cart store adds each available item at once (optimistic: the cart widget shows it before the
// shop answers, and re-checks on the store's cart:updated), and the items not available today are
// named here from the page's data.
export type FillItem = {
  offeringId: string;
  byCase: boolean;
  quantity: number;
  name: string;
  available: boolean;
};

type Props = {
  items: readonly FillItem[];
  /** The hidden fields the screen's action reads (intent, ids). */
  fields: Record<string, string>;
  className?: string;
  children: ReactNode;
};

export function addToCartStore(items: readonly FillItem[]): Filled {
  const { quantities } = cartStore.getState();
  const adding = new Map<string, number>();
  for (const item of items.filter((i) => i.available)) {
    const key = `${item.offeringId}|${item.byCase}`;
    const held = quantities[item.offeringId]?.[item.byCase ? 'case' : 'single'] ?? 0;
    const quantity = (adding.get(key) ?? held) + item.quantity;
    adding.set(key, quantity);
    void cartStore.setQuantity(item.offeringId, { byCase: item.byCase, quantity });
  }
  return {
    added: items.filter((i) => i.available).length,
    missing: items.filter((i) => !i.available).map((i) => i.name),
  };
}

export function ToCartForm({ items, fields, className, children }: Props) {
  const [filled, setFilled] = useState<Filled | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    // The store needs the page's shop; until it has one, the form posts as without JavaScript.
    if (!cartStore.getState().tenantId) return;
    event.preventDefault();
    setFilled(addToCartStore(items));
  };
  return (
    <>
      <form method="post" className={className} onSubmit={submit}>
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {children}
      </form>
      {filled ? <FillMessage filled={filled} /> : null}
    </>
  );
}
