import { Link, useSearchParams } from 'react-router';
import { href } from '../../../shared/href';
import { useMoney } from '../../lib/money';
import type { SmartCartData } from './smart-cart-data.server';
import { DoneNotice } from '../forms/form-field';
import { AddCartForm } from './add-cart-form';
import { FillNotice } from '../lists/fill-notice';
import { SmartCartItems } from './smart-cart-items';
import { SmartCartOrderForm } from './smart-cart-order-form';
import { SmartCartToCart } from './smart-cart-to-cart';
import { SMART_CART_NOTICES, type SmartCartActionResult } from './smart-cart-result';
import { noticeOf } from '../../lib/done-notice';

// One smart cart: its items (editable) at today's prices, and ordering it with the checkout's
// choices at the total the platform quotes for them (ADR 0330).
type Props = { detail: SmartCartData; result?: SmartCartActionResult };

export function SmartCartPage({ detail, result }: Props) {
  const { cart } = detail;
  const money = useMoney();
  const [search] = useSearchParams();
  const notice = result ? undefined : noticeOf(SMART_CART_NOTICES, search.get('done'));
  const resultOf = (intent: SmartCartActionResult['intent']) =>
    result?.intent === intent ? result : undefined;
  return (
    <article className="smart-cart-screen" aria-labelledby="smart-cart-title">
      <p className="back">
        <Link to={href('smart-carts')}>← All smart carts</Link>
      </p>
      <h1 id="smart-cart-title">{cart.name}</h1>
      {/* "Create" on the smart carts' page and "Save cart as a smart cart" lead here. */}
      <DoneNotice message={notice ?? null} arrival />
      {result ? null : <FillNotice items={cart.items} />}
      <section className="smart-cart-panel" aria-labelledby="items-title">
        <h2 id="items-title">Items</h2>
        <SmartCartItems cart={cart} result={resultOf('change-items')} />
        {cart.items.length > 0 ? (
          <dl className="totals">
            <dt>Subtotal at today’s prices</dt>
            <dd data-testid="smart-cart-subtotal">{money(cart.subtotal, cart.currency)}</dd>
          </dl>
        ) : null}
        {/* The order form's key: the platform keeps fills' keys apart from orders' (ADR 0328). */}
        <SmartCartToCart cart={cart} formKey={detail.orderKey} />
        {/* On an empty smart cart, the page's one form (ADR 0371). */}
        <AddCartForm cart={cart} formKey={detail.orderKey} result={resultOf('add-cart')} />
      </section>
      {cart.items.length > 0 ? (
        <section className="smart-cart-panel" aria-labelledby="order-title">
          <h2 id="order-title">Order this smart cart</h2>
          <SmartCartOrderForm detail={detail} result={result} />
        </section>
      ) : null}
    </article>
  );
}
