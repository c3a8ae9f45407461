import { z } from 'zod';
import { RegisterRequest } from './account';
import { ORDERS_BASE, PlaceOrderInput } from './orders';
import { DeliveryAddressInput, PaymentMethodInput } from './profile';

// Guest checkout (issue #29 item 2, docs/decisions/0262): a guest session orders its cart with an
// e-mail address, a delivery address and a card given in the order itself (the card goes through
// the demo card vault: brand, last four digits and a token kept, never the number), then may make
// an account from the order, which moves to it.
export const guestOrderPaths = {
  /** POST GuestOrderInput (Idempotency-Key as /orders) → 201 OrderDetail; 200 on a replay. */
  orders: `${ORDERS_BASE}/guest-orders`,
  /** GET → OrderDetail of the guest session's own order. */
  order: (id: string) => `${ORDERS_BASE}/guest-orders/${encodeURIComponent(id)}`,
  /** POST GuestAccountInput → 201 GuestAccountCreated: the account, the order moved to it. */
  account: (id: string) => `${ORDERS_BASE}/guest-orders/${encodeURIComponent(id)}/account`,
} as const;

export const GuestOrderInput = z.object({
  email: RegisterRequest.shape.email,
  /** isDefault is accepted and ignored: a guest keeps no address book or cards. */
  address: DeliveryAddressInput,
  card: PaymentMethodInput,
  slotId: z.string().trim().min(1, 'Required').max(100),
  notes: z.string().trim().max(1000).default(''),
  expectedTotal: PlaceOrderInput.shape.expectedTotal,
});
export type GuestOrderInput = z.input<typeof GuestOrderInput>;

export const GuestAccountInput = RegisterRequest.omit({ email: true });
export type GuestAccountInput = z.input<typeof GuestAccountInput>;

export const GuestAccountCreated = z.object({
  message: z.string(),
  /** The order, now the account's. */
  orderId: z.string(),
});
export type GuestAccountCreated = z.infer<typeof GuestAccountCreated>;
