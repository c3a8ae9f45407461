import { addressGroup } from '../../shared/address-group';

// The budgeted renewals of one address on their way to uaa at once: never more than the
// failed-renewal budget it has left (ADR 0364). The budget counts a refusal once uaa has answered,
// so a burst at once read it before any was counted and reached uaa once per token. Here a renewal
// goes only while those of its address already on their way are fewer than the budget left; else
// it waits for one of them to be answered (counted, or not: uaa's trouble spends nothing) and
// reads the budget again. A burst thus reaches uaa at most the budget left (per process: the
// replicas share the count, not what is on its way), and a renewal waits rather than being
// refused while the budget is not spent.

/** `renew` once the address's budget allows it, or 'spent' (the budget is spent: not called). */
export type RenewalGate = <T>(address: string, renew: () => Promise<T>) => Promise<T | 'spent'>;

type Address = {
  /** Renewals of the address on their way to uaa. */
  calls: number;
  /** Renewals of the address in the gate, waiting or on their way: the entry goes with the last. */
  holders: number;
  /** Renewals of the address answered so far: a budget read while one was answered is reread. */
  answered: number;
  /** Settled when the next renewal on its way is answered. */
  next: Promise<void>;
  wake(): void;
};

function nextAnswer(address: Pick<Address, 'next' | 'wake'>): void {
  address.next = new Promise((resolve) => (address.wake = resolve));
}

export function renewalGate(left: (address: string) => Promise<number>): RenewalGate {
  const addresses = new Map<string, Address>();
  const enter = (group: string): Address => {
    let address = addresses.get(group);
    if (!address) {
      address = { calls: 0, holders: 0, answered: 0 } as Address;
      nextAnswer(address);
      addresses.set(group, address);
    }
    address.holders += 1;
    return address;
  };

  return async (client, renew) => {
    // The budget's own key: an IPv6 /64 is one address (ADR 0242).
    const group = addressGroup(client);
    const address = enter(group);
    try {
      for (;;) {
        const answered = address.answered;
        const budget = await left(client);
        if (address.answered !== answered) continue;
        if (budget <= 0) return 'spent';
        if (address.calls < budget) break;
        // As many on their way as the budget left (one at least): the next answer frees a place.
        await address.next;
      }
      address.calls += 1;
      try {
        return await renew();
      } finally {
        address.calls -= 1;
        address.answered += 1;
        const wake = address.wake;
        nextAnswer(address);
        wake();
      }
    } finally {
      address.holders -= 1;
      if (address.holders === 0) addresses.delete(group);
    }
  };
}
