import { CartPage } from '../components/cart/cart-page';
import type { Route } from '../routes/+types/cart-action';

// The cart form's refusal (its answer in the gateway's error shape) is the page's message: a
// shopper without JavaScript lands here when a change could not be made.
function refusalOf(actionData: unknown): string | null {
  const message = (actionData as { error?: { message?: unknown } } | undefined)?.error?.message;
  return typeof message === 'string' ? message : null;
}

export default function CartScreen({ actionData }: Route.ComponentProps) {
  return <CartPage refused={refusalOf(actionData)} />;
}
