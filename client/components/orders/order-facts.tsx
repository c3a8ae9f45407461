import type { OrderDetail } from '../../../shared/contracts/orders';
import { countryName } from '../../../shared/delivery-countries';
import { useShopTenant } from '../../lib/money';
import { addressLine } from '../checkout/address-choice';
import { cardLabel } from '../checkout/card-label';
import { SlotLabel } from './slot-label';

// Where, when and how the order is delivered and paid, as it was placed (or last changed).
export function OrderFacts({ order, slot }: { order: OrderDetail; slot: string }) {
  const { address } = order;
  const locale = useShopTenant()?.locale;
  return (
    <dl className="order-facts">
      <div>
        <dt>Delivery slot</dt>
        <dd>
          <SlotLabel label={slot} />
        </dd>
      </div>
      <div>
        <dt>Delivery address</dt>
        <dd>
          {address.name}
          <br />
          {addressLine(address)}, {countryName(address.country, locale)}
          {address.instructions ? (
            <span className="choice-detail">
              <br />
              Note for the driver: {address.instructions}
            </span>
          ) : null}
        </dd>
      </div>
      <div>
        <dt>Payment</dt>
        <dd>{cardLabel(order.payment)}</dd>
      </div>
      {order.notes ? (
        <div>
          <dt>Your notes</dt>
          <dd>{order.notes}</dd>
        </div>
      ) : null}
    </dl>
  );
}
