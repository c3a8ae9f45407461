import { useMoney } from '../../lib/money';
import { SlotLabel } from '../orders/slot-label';

// Totals exactly as the platform computed them; the screen adds nothing up itself.
export type Totals = {
  subtotal: number;
  deliveryFee: number | null;
  total: number;
  currency: string;
  freeDeliveryFrom?: number;
};

/** `slot`: the chosen delivery slot's label, said beside the delivery fee. */
export function TotalsList({ totals, slot }: { totals: Totals; slot?: string }) {
  const money = useMoney();
  const { subtotal, deliveryFee, total, currency, freeDeliveryFrom } = totals;
  const missingForFree = freeDeliveryFrom ? freeDeliveryFrom - subtotal : 0;
  return (
    <>
      <dl className="totals">
        <dt>Subtotal</dt>
        <dd>{money(subtotal, currency)}</dd>
        <dt>
          Delivery
          {slot ? (
            <span className="totals-slot">
              <SlotLabel label={slot} />
            </span>
          ) : null}
        </dt>
        <dd>
          {deliveryFee === null
            ? 'Choose a slot'
            : deliveryFee === 0
              ? 'Free'
              : money(deliveryFee, currency)}
        </dd>
        <dt className="grand">Total</dt>
        <dd className="grand" data-testid="order-total">
          {money(total, currency)}
        </dd>
      </dl>
      {missingForFree > 0 ? (
        <p className="hint">Spend {money(missingForFree, currency)} more for free delivery.</p>
      ) : null}
    </>
  );
}
