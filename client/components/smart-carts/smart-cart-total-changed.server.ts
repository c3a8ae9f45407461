import { redirect, type AppLoadContext } from 'react-router';
import type { z } from 'zod';
import { smartCartPaths } from '../../../shared/contracts/lists';
import type { OrderQuote } from '../../../shared/contracts/orders';
import { href } from '../../../shared/href';
import { askPlatform } from '../../lib/platform-answer.server';
import type { FormFields } from '../forms/form-fields';
import { totalChangeOf, type PlaceOrderForm } from '../forms/place-order-forms';

/**
 * A smart cart's order refused for its total (ADR 0330, as the checkout's 0319 and 0326): the
 * smart cart's page again, with the choices posted in the URL (its totals are then the posted
 * slot's, with JavaScript as without) and `changed=`: the delivery fee when the smart cart still
 * costs the subtotal shown (its quote at the posted slot, asked on this refusal only), otherwise
 * the cart (a price, or its items, changed since the page).
 */
export async function smartCartTotalChanged(
  context: AppLoadContext,
  id: string,
  pageUrl: URL,
  order: z.output<typeof PlaceOrderForm>,
  fields: FormFields,
) {
  const now = await askPlatform<OrderQuote>(context.platform, {
    method: 'POST',
    path: smartCartPaths.quote(id),
    body: { slotId: order.slotId },
  });
  const search = new URLSearchParams(pageUrl.search);
  for (const name of ['addressId', 'slotId', 'paymentMethodId', 'notes'] as const)
    search.set(name, order[name]);
  // An arrival notice ("Your smart cart is saved") is no longer news beside the refusal.
  search.delete('done');
  search.set('changed', totalChangeOf(fields, now.ok ? now.body : undefined).code);
  return redirect(`${href('smart-cart', { id })}?${search}`);
}
