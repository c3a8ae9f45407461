import { z } from 'zod';
import { Timestamp } from './timestamp';
import { Pack } from '../grocery';
import { Booking } from './booking';
import { OrderSummary } from './orders';
import { MAX_LINE_QUANTITY } from '../line-limits';

// Shopping lists (/api/services/shopping-lists/api/v1) and smart carts, saved carts that can be
// ordered (/api/services/smart-carts/api/v1). Money is integer cents in the shop's currency. The
// paths are in ./list-paths.ts (no zod: the pages' "Add all to cart" calls them in the browser).
export { LISTS_BASE, SMART_CARTS_BASE, listPaths, smartCartPaths } from './list-paths';

const id = z.string().trim().min(1, 'Required').max(100);
const listName = z.string().trim().min(1, 'Required').max(100);

/** The catalogue's view of an offering, joined in so a page (the print view) needs no second call. */
export const OfferingView = z.object({
  productId: z.string(),
  slug: z.string(),
  name: z.string(),
  brand: z.string(),
  sizeLabel: z.string(),
  priceSingle: z.number().int(),
  priceCase: z.number().int(),
  caseSize: z.number().int(),
  available: z.boolean(),
  /**
   * What a pack holds, for the price per kg or litre, as a product's (ADR 0214); null when the
   * size says no amount. Optional: a platform built to contract 1.3 leaves it out, and its lines
   * show no price per kg rather than one guessed from the size label.
   */
  pack: Pack.nullable().optional(),
});
export type OfferingView = z.infer<typeof OfferingView>;

/** A shopping list or a smart cart in its owner's list of them. */
const NamedCollectionSummary = z.object({
  id: z.string(),
  name: z.string(),
  itemCount: z.number().int(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

export const ShoppingListSummary = NamedCollectionSummary;
export type ShoppingListSummary = z.infer<typeof ShoppingListSummary>;

export const ShoppingListCollection = z.object({ items: z.array(ShoppingListSummary) });
export type ShoppingListCollection = z.infer<typeof ShoppingListCollection>;

export const ShoppingListItem = z.object({
  id: z.string(),
  offeringId: z.string(),
  quantity: z.number().int(),
  /** Whether the quantity counts cases (of product.caseSize) rather than singles. */
  byCase: z.boolean(),
  note: z.string(),
  /** Null when the offering has left the shop's catalogue. */
  product: OfferingView.nullable(),
});
export type ShoppingListItem = z.infer<typeof ShoppingListItem>;

export const ShoppingList = z.object({
  id: z.string(),
  name: z.string(),
  currency: z.string(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  items: z.array(ShoppingListItem),
});
export type ShoppingList = z.infer<typeof ShoppingList>;

export const ShoppingListInput = z.object({ name: listName });
export type ShoppingListInput = z.input<typeof ShoppingListInput>;

export const ShoppingListItemInput = z.object({
  offeringId: id,
  quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY).default(1),
  /** Single or case: the same offering in both units is two items (as in the cart). */
  byCase: z.boolean().default(false),
  note: z.string().trim().max(200).default(''),
});
export type ShoppingListItemInput = z.input<typeof ShoppingListItemInput>;

export const ShoppingListItemUpdate = z
  .object({
    quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY).optional(),
    note: z.string().trim().max(200).optional(),
  })
  .refine(
    (update) => update.quantity !== undefined || update.note !== undefined,
    'Nothing to change',
  );
export type ShoppingListItemUpdate = z.input<typeof ShoppingListItemUpdate>;

export const ListParams = z.object({ listId: id });
export const ListItemParams = z.object({ listId: id, itemId: id });

export const SmartCartItemInput = z.object({
  offeringId: id,
  quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
  byCase: z.boolean().default(false),
});
export type SmartCartItemInput = z.input<typeof SmartCartItemInput>;

export const SmartCartInput = z.object({
  name: listName,
  items: z.array(SmartCartItemInput).max(200).default([]),
});
export type SmartCartInput = z.input<typeof SmartCartInput>;

/** PUT: the name, the items (replacing them), or both. */
export const SmartCartUpdate = z
  .object({ name: listName.optional(), items: z.array(SmartCartItemInput).max(200).optional() })
  .refine((update) => update.name !== undefined || update.items !== undefined, 'Nothing to change');
export type SmartCartUpdate = z.input<typeof SmartCartUpdate>;

export const SmartCartItem = z.object({
  offeringId: z.string(),
  quantity: z.number().int(),
  byCase: z.boolean(),
  product: OfferingView.nullable(),
  /** Current price; null when the offering has left the catalogue. */
  unitPrice: z.number().int().nullable(),
  lineTotal: z.number().int().nullable(),
});
export type SmartCartItem = z.infer<typeof SmartCartItem>;

export const SmartCartSummary = NamedCollectionSummary;
export type SmartCartSummary = z.infer<typeof SmartCartSummary>;

export const SmartCartCollection = z.object({ items: z.array(SmartCartSummary) });
export type SmartCartCollection = z.infer<typeof SmartCartCollection>;

export const SmartCart = z.object({
  id: z.string(),
  name: z.string(),
  currency: z.string(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  items: z.array(SmartCartItem),
  /** Sum of the available items at today's prices, before delivery. */
  subtotal: z.number().int(),
  /** The orders placed from this smart cart, newest first (at most 20). */
  orders: z.array(OrderSummary),
});
export type SmartCart = z.infer<typeof SmartCart>;

export const SmartCartParams = z.object({ id });
export const SmartCartOrderParams = z.object({ id, orderId: id });

/** POST .../to-cart of a list: every item, or only the items named. */
export const ListToCartInput = z.object({ itemIds: z.array(id).min(1).max(500).optional() });
export type ListToCartInput = z.input<typeof ListToCartInput>;

/** POST /smart-carts/from-cart: the name of the smart cart made of the caller's cart. */
export const SmartCartFromCartInput = z.object({ name: listName });
export type SmartCartFromCartInput = z.input<typeof SmartCartFromCartInput>;

/** An item that could not go into the cart, named, with why. */
export const NotAddedItem = z.object({
  offeringId: z.string(),
  /** The product's name; null when the offering has left the catalogue. */
  name: z.string().nullable(),
  reason: z.enum(['unavailable', 'unknown', 'cart_full']),
});
export type NotAddedItem = z.infer<typeof NotAddedItem>;

/** An item that went into the cart with less than its quantity: its line holds 9,999 at most. */
export const CappedItem = z.object({ offeringId: z.string(), name: z.string() });
export type CappedItem = z.infer<typeof CappedItem>;

/**
 * What putting a list or a smart cart into the cart answers: the cart afterwards, how many items
 * went in (each one's quantity added to what the cart held of it), the ones that did not, named,
 * and (optional: an upstream may leave them out) those whose line could not take all their
 * quantity and how many units went in (singles or cases: what the cart's lines grew by).
 */
export const ToCartResult = z.object({
  booking: Booking,
  added: z.number().int(),
  notAdded: z.array(NotAddedItem),
  capped: z.array(CappedItem).optional(),
  units: z.number().int().optional(),
});
export type ToCartResult = z.infer<typeof ToCartResult>;
