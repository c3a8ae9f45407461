import { useSearchParams } from 'react-router';
import { href } from '../../../shared/href';
import { unitsOf, useCounts } from '../../lib/counted';
import { LineTable } from '../checkout/cart-review';
import { TotalsList } from '../checkout/checkout-totals';
import { CancelOrder } from './cancel-order';
import { useCartChangedNotice } from './cart-changed';
import type { OrderDetailData } from './order-data.server';
import { OrderFacts } from './order-facts';
import type { OrderActionResult } from './order-forms';
import { OrderHead } from './order-head';
import { OrderLinesEditor } from './order-lines-editor';
import { OrderSlotEditor } from './order-slot-editor';
import { ReorderForm } from './reorder-form';
import { noticeOf } from '../../lib/done-notice';

// One order: its lines and totals, delivery and payment, the changes it still allows (until
// the cut-off), and ordering it again.
const NOTICES: Record<string, string> = {
  placed: 'Thank you! Your order is placed. We have sent you a confirmation e-mail.',
  items: 'Your order’s items are updated.',
  slot: 'Your delivery slot is changed.',
  cancelled: 'Your order is cancelled.',
};

export function OrderDetailPage({
  detail,
  result,
}: {
  detail: OrderDetailData;
  result?: OrderActionResult;
}) {
  const { order } = detail;
  const [search] = useSearchParams();
  const counts = useCounts();
  const notice = noticeOf(NOTICES, search.get('done'));
  // Placing the order emptied the cart: the cart widget reloads.
  useCartChangedNotice(search.get('done') === 'placed');
  const resultOf = (intent: OrderActionResult['intent']) =>
    result?.intent === intent ? result : undefined;

  return (
    <article className="order-detail" aria-labelledby="order-title">
      <OrderHead
        back={{ to: href('order-list'), label: '← All orders' }}
        order={order}
        placedOn={detail.placedOn}
        notice={notice}
      />

      <div className="order-columns">
        <section className="order-panel" aria-labelledby="items-title">
          <h2 id="items-title">Items</h2>
          {order.editable ? (
            <OrderLinesEditor
              lines={order.lines}
              currency={order.currency}
              result={resultOf('change-lines')}
            />
          ) : (
            <LineTable
              lines={order.lines}
              currency={order.currency}
              caption={counts.content(order.lines.length, unitsOf(order.lines))}
            />
          )}
          <TotalsList totals={order} />
        </section>
        <section className="order-panel" aria-labelledby="delivery-title">
          <h2 id="delivery-title">Delivery and payment</h2>
          <OrderFacts order={order} slot={detail.slot} />
          {order.editable ? (
            <>
              <p className="hint">
                You can change or cancel this order until {detail.editableUntil}.
              </p>
              <OrderSlotEditor
                slots={detail.slots}
                current={order.slot.id}
                priced={{
                  slotId: order.slot.id,
                  deliveryFee: order.deliveryFee,
                  subtotal: order.subtotal,
                  freeDeliveryFrom: detail.freeDeliveryFrom,
                }}
                result={resultOf('change-slot')}
              />
            </>
          ) : order.status === 'placed' ? (
            <p className="hint">
              The cut-off passed on {detail.editableUntil}: this order can no longer be changed.
            </p>
          ) : null}
        </section>
      </div>
      {order.editable ? <CancelOrder result={resultOf('cancel')} /> : null}
      <ReorderForm formKey={detail.formKey} result={resultOf('reorder')} />
    </article>
  );
}
