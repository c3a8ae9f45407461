import { z } from 'zod';
import { Timestamp } from './timestamp';
import { DeliveryAddress } from './profile';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '../line-limits';

// Orders service (/api/services/orders/api/v1): delivery slots, the quote of the cart, placing,
// listing, editing and cancelling orders. Money is always an integer number of cents (minor units)
// in the shop's currency; prices come from the platform, never from the client.
export const ORDERS_BASE = '/api/services/orders/api/v1';

export const orderPaths = {
  deliverySlots: `${ORDERS_BASE}/delivery-slots`,
  quote: `${ORDERS_BASE}/orders/quote`,
  orders: `${ORDERS_BASE}/orders`,
  order: (id: string) => `${ORDERS_BASE}/orders/${encodeURIComponent(id)}`,
  cancel: (id: string) => `${ORDERS_BASE}/orders/${encodeURIComponent(id)}/cancel`,
} as const;

/** How many lines an order summary previews. */
export const ORDER_PREVIEW_LINES = 3;

export const OrderStatus = z.enum(['placed', 'cancelled', 'delivered']);
export type OrderStatus = z.infer<typeof OrderStatus>;

const id = z.string().trim().min(1, 'Required').max(100);
const cents = z.number().int();

// The descriptions are the documents' (docs/api/upstream.openapi.json): what a client choosing a
// slot reads.
export const DeliverySlot = z.object({
  id: z.string(),
  startsAt: Timestamp,
  endsAt: Timestamp,
  cutoffAt: Timestamp.describe(
    'Orders for this slot can be placed, edited and cancelled until then',
  ),
  fee: cents.describe('The delivery fee in cents, unless the subtotal reaches freeDeliveryFrom'),
  remaining: z.number().int().describe('Orders the slot still takes'),
  available: z
    .boolean()
    .describe(
      'Can be booked now: places remain and its cut-off is ahead; an order for another slot is a 409',
    ),
});
export type DeliverySlot = z.infer<typeof DeliverySlot>;

export const DeliverySlotList = z.object({
  timeZone: z.string().describe('IANA time zone of the shop: show slot times in it'),
  currency: z.string(),
  freeDeliveryFrom: cents.describe('A subtotal from this amount (cents) is delivered free'),
  items: z.array(DeliverySlot),
});
export type DeliverySlotList = z.infer<typeof DeliverySlotList>;

/** One line of the quote or the order (the product name is a snapshot taken when priced). */
export const OrderLine = z.object({
  offeringId: z.string(),
  productId: z.string().nullable(),
  productName: z.string(),
  quantity: z.number().int(),
  byCase: z.boolean(),
  unitPrice: cents,
  lineTotal: cents,
});
export type OrderLine = z.infer<typeof OrderLine>;

export const QuoteInput = z.object({
  slotId: id.optional(),
  fallback: z
    .literal('earliest')
    .optional()
    .describe(
      'Price the slot the checkout shows as chosen: `slotId` when it can be booked, otherwise the earliest slot that can (none when none can). Without it, `slotId` as given',
    ),
});
export type QuoteInput = z.input<typeof QuoteInput>;

export const OrderQuote = z.object({
  slotId: id
    .nullable()
    .describe(
      'The delivery slot priced (a slot past its cut-off too: placing the order is what refuses it): null when none was asked for or the shop has no such slot, or with `fallback` none can be booked',
    ),
  lines: z.array(OrderLine),
  subtotal: cents,
  deliveryFee: cents.nullable().describe('Null until a slot is priced'),
  total: cents,
  currency: z.string(),
  freeDeliveryFrom: cents,
});
export type OrderQuote = z.infer<typeof OrderQuote>;

/**
 * The code of the 400 when items are more than one order may be (its total beyond 10,000,000.00,
 * or more lines than a cart holds): the quote refuses as placing does, and the checkout shows
 * the message in its page (docs/decisions/0061, 0314).
 */
export const ORDER_TOO_LARGE = 'order_too_large';

/**
 * The code of the 400 when items cannot be bought today (withdrawn from sale, or gone from the
 * catalogue): the message names each one, "Cannot order: Milk (off-1) is not available". The
 * quote refuses as placing does, and the checkout shows it in its page (docs/decisions/0314).
 */
export const ITEMS_UNAVAILABLE = 'items_unavailable';

/**
 * The code of the 409 when an order sent with `expectedTotal` would cost another total: the cart
 * (or a price) changed since the shopper's page showed it. Nothing is placed (docs/decisions/0319).
 */
export const TOTAL_CHANGED = 'total_changed';

/** The total the shopper's page showed, in cents: another total refuses the order (409). */
const expectedTotal = cents
  .min(0)
  .optional()
  .describe(
    `The total the shopper was shown, in cents: an order that would cost another is refused with a 409 '${TOTAL_CHANGED}' and nothing placed; left out, not checked`,
  );

export const PlaceOrderInput = z.object({
  addressId: id,
  slotId: id,
  paymentMethodId: id,
  notes: z.string().trim().max(1000).default(''),
  expectedTotal,
});
export type PlaceOrderInput = z.input<typeof PlaceOrderInput>;

export const OrderLineInput = z.object({
  offeringId: id,
  quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
  byCase: z.boolean().default(false),
});
export type OrderLineInput = z.input<typeof OrderLineInput>;

/** Edit before the cut-off: any of lines, slot, address, notes. Lines replace the order's lines. */
export const OrderEditInput = z
  .object({
    lines: z
      .array(OrderLineInput)
      .min(1, 'An order needs at least one line')
      .max(MAX_CART_LINES)
      .optional(),
    slotId: id.optional(),
    addressId: id.optional(),
    notes: z.string().trim().max(1000).optional(),
  })
  .refine((edit) => Object.values(edit).some((value) => value !== undefined), 'Nothing to change');
export type OrderEditInput = z.input<typeof OrderEditInput>;

export const OrderSlot = z.object({ id: z.string(), startsAt: Timestamp, endsAt: Timestamp });
export type OrderSlot = z.infer<typeof OrderSlot>;

/** The delivery address as it was when the order was placed (a copy, not a reference). */
export const OrderAddress = DeliveryAddress.omit({ id: true, isDefault: true });
export type OrderAddress = z.infer<typeof OrderAddress>;

/** What the shopper calls the order ("Order 10042"): short, unique per shop (docs/decisions/0165). */
export const OrderNumber = z.string().min(1).max(40);

/** One of the first lines of an order, for the list of orders: what it was, with a picture. */
export const OrderPreviewLine = z.object({
  productName: z.string(),
  quantity: z.number().int(),
  byCase: z.boolean(),
  /** The product's first picture (a path the browser fetches through the gateway), if any. */
  image: z.string().nullable(),
});
export type OrderPreviewLine = z.infer<typeof OrderPreviewLine>;

export const OrderSummary = z.object({
  id: z.string(),
  number: OrderNumber,
  status: OrderStatus,
  createdAt: Timestamp,
  total: cents,
  currency: z.string(),
  slot: OrderSlot,
  lineCount: z.number().int(),
  /** The first few lines (at most ORDER_PREVIEW_LINES); lineCount says how many there are in all. */
  preview: z.array(OrderPreviewLine),
  smartCartId: z.string().nullable(),
});
export type OrderSummary = z.infer<typeof OrderSummary>;

export const OrderListQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
export type OrderListQuery = z.input<typeof OrderListQuery>;

export const OrderPage = z.object({
  items: z.array(OrderSummary),
  /** Number of orders in all pages. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type OrderPage = z.infer<typeof OrderPage>;

export const OrderDetail = z.object({
  id: z.string(),
  number: OrderNumber,
  status: OrderStatus,
  createdAt: Timestamp,
  updatedAt: Timestamp,
  lines: z.array(OrderLine),
  subtotal: cents,
  deliveryFee: cents,
  total: cents,
  currency: z.string(),
  addressId: z.string().nullable(),
  address: OrderAddress,
  slot: OrderSlot,
  paymentMethodId: z.string().nullable(),
  payment: z.object({ brand: z.string(), last4: z.string() }),
  notes: z.string(),
  /** The cut-off: editing and cancelling are possible until then (while the order is placed). */
  editableUntil: z.string(),
  editable: z.boolean(),
  smartCartId: z.string().nullable(),
});
export type OrderDetail = z.infer<typeof OrderDetail>;

export const OrderParams = z.object({ id });
