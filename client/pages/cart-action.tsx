import { CartPage } from '../components/cart/cart-page';

export default function CartScreen() {
  return <CartPage />;
}
