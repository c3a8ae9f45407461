import { data, redirect, type AppLoadContext } from 'react-router';
import { z } from 'zod';
import {
  GuestAccountInput,
  GuestOrderInput,
  guestOrderPaths,
} from '../../../shared/contracts/guest-orders';
import {
  orderPaths,
  TOTAL_CHANGED,
  type OrderDetail,
  type OrderQuote,
} from '../../../shared/contracts/orders';
import {
  askPlatform,
  fieldOfPlatformMessage,
  nothingThere,
} from '../../lib/platform-answer.server';
import { formFields, issueMessage, type FieldErrors, type FormFields } from '../forms/form-fields';
import { intentForms } from '../forms/intent-forms';
import {
  countryErrors,
  numberText,
  OrderKeyField,
  orderKeyHeaders,
  ShownTotalField,
  shownTotalOf,
  text,
  totalChangeOf,
} from '../forms/place-order-forms';
import { ADDRESS_FIELD_NAMES } from '../forms/address-card-fields';
import { isCartRefusal } from '../checkout/slot-quote.server';

// The guest checkout's action (issue #29 item 2): place the order (the e-mail, the address, the
// card and the slot in one form; the card number goes to the platform and is never sent back),
// then, from the order, make an account. Mistakes are a 400 with a message per field. A cart the
// platform refuses, and "Check my cart again", answer the page with the form as typed (ADR 0317).
export const GUEST_CHECKOUT = '/checkout/guest';
export type GuestCheckoutResult = {
  intent: z.infer<typeof Intent>;
  fieldErrors: FieldErrors;
  formError?: string;
  /** What the shopper typed, to fill the form again (never the card number). */
  values?: FormFields;
  /** The totals of the slot the refused form chose: the page shows that slot again with them. */
  quote?: OrderQuote;
  /** A check ("Update totals") of a form with a card number, which the page asks for again. */
  cardNumberTyped?: boolean;
};

const HINTS: Record<string, string> = {
  expiryMonth: 'Enter the expiry month, 1 to 12',
  expiryYear: 'Enter the expiry year in full, e.g. 2030',
  cardNumber: 'Enter the card number',
  email: 'Enter your e-mail address',
  slotId: 'Choose a delivery slot',
};

/** The message of each field, named by its last path segment (address.line1 → line1). */
function errorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path.at(-1) ?? 'form');
    errors[field] ??= issueMessage(issue);
  }
  return errors;
}

const CARD_FIELDS = ['cardNumber', 'holderName'] as const;
const texts = <const N extends string>(names: readonly N[]) =>
  Object.fromEntries(names.map((name) => [name, text])) as Record<N, typeof text>;

/** The order form's flat fields (text: reading them cannot fail). */
const GuestOrderForm = z
  .object({
    email: text,
    ...texts(ADDRESS_FIELD_NAMES),
    ...texts(CARD_FIELDS),
    expiryMonth: numberText,
    expiryYear: numberText,
    slotId: text,
    notes: text,
  })
  .describe('Checked as the orders service checks a guest order (ordersPostGuestOrders)');

/** The platform's guest order made of the form's fields. */
function guestOrderOf(f: z.output<typeof GuestOrderForm>) {
  return {
    email: f.email,
    address: {
      name: f.name,
      line1: f.line1,
      line2: f.line2,
      postcode: f.postcode,
      city: f.city,
      country: f.country,
      phone: f.phone,
      instructions: f.instructions,
    },
    card: {
      cardNumber: f.cardNumber,
      expiryMonth: f.expiryMonth,
      expiryYear: f.expiryYear,
      holderName: f.holderName,
    },
    slotId: f.slotId,
    notes: f.notes,
  };
}

/** Making an account from the guest's order: the order, and the account's fields as uaa takes them. */
const OrderId = z.string().trim().min(1).max(100);
const GuestAccountForm = GuestAccountInput.extend({ orderId: OrderId });

/** The guest checkout's forms, by intent (the gateway's OpenAPI document describes them). */
export const GuestCheckoutForms = intentForms({
  'place-guest-order': z.intersection(GuestOrderForm, OrderKeyField.extend(ShownTotalField.shape)),
  'check-cart': GuestOrderForm.extend(OrderKeyField.shape).describe(
    'The order form sent back as typed, with the totals of its slot ("Update totals" without JavaScript; "Check my cart again" of a cart the platform refused): nothing is placed',
  ),
  'create-account': GuestAccountForm,
});
const Intent = GuestCheckoutForms.intent;

function orderInput(fields: FormFields) {
  return GuestOrderInput.safeParse(guestOrderOf(GuestOrderForm.parse(fields)), {
    error: (issue) => HINTS[String(issue.path?.at(-1))],
  });
}

const refused = (
  intent: GuestCheckoutResult['intent'],
  fieldErrors: FieldErrors,
  formError?: string,
  values?: FormFields,
  status = 400,
  quote?: OrderQuote,
) => data<GuestCheckoutResult>({ intent, fieldErrors, formError, values, quote }, { status });

/**
 * The quote of the slot a refused order form chose (the earliest bookable one if it no longer
 * can be). Without JavaScript the page's own quote is of the slot in its URL, so the earliest:
 * the form came back with that slot chosen, and an order then sent as it was went to the wrong
 * slot. None when the platform cannot say: the page then shows its own.
 */
async function quoteOfPosted(context: AppLoadContext, slotId: string | undefined) {
  if (!slotId) return undefined;
  const quoted = await askPlatform<OrderQuote>(context.platform, {
    method: 'POST',
    path: orderPaths.quote,
    body: { slotId, fallback: 'earliest' },
  });
  return quoted.ok ? quoted.body : undefined;
}

export async function guestCheckoutAction(context: AppLoadContext, form: FormData) {
  const fields = formFields(form);
  const intent = Intent.safeParse(fields.intent);
  if (!intent.success) throw data({ message: 'Unknown checkout action' }, { status: 400 });
  if (!context.hasSession) throw data({ message: 'Your cart is empty' }, { status: 400 });
  const { cardNumber: _never, ...values } = fields;

  if (intent.data !== 'create-account') {
    const again = (errors: FieldErrors, formError?: string, status = 400) =>
      quoteOfPosted(context, fields.slotId?.trim()).then((quote) =>
        refused(intent.data, errors, formError, values, status, quote),
      );
    // A 200: the page's data is loaded again (with JavaScript too), the cart as it stands now.
    // "Update totals" (or Enter, without JavaScript: ADR 0383) also checks the cart.
    if (intent.data === 'check-cart') {
      const quote = await quoteOfPosted(context, fields.slotId?.trim());
      const cardNumberTyped = Boolean(fields.cardNumber?.trim()) || undefined;
      return data<GuestCheckoutResult>({
        intent: 'check-cart',
        fieldErrors: {},
        values,
        quote,
        cardNumberTyped,
      });
    }
    const input = orderInput(fields);
    const elsewhere = await countryErrors(context, fields.country);
    if (!input.success || elsewhere.country)
      return again({ ...(input.success ? {} : errorsOf(input.error)), ...elsewhere });
    const placed = await askPlatform<OrderDetail>(context.platform, {
      method: 'POST',
      path: guestOrderPaths.orders,
      body: { ...input.data, expectedTotal: shownTotalOf(fields) },
      headers: orderKeyHeaders(fields),
    });
    if (placed.ok)
      return redirect(`${GUEST_CHECKOUT}?placed=${encodeURIComponent(placed.body.id)}`);
    if (placed.status >= 500) throw data({ message: placed.message }, { status: 502 });
    // A cart that cannot be ordered as it stands (ADR 0314, 0317): the page, its data loaded
    // again (a 200), says why and what to do above the form as typed; no field is to blame.
    if (isCartRefusal(placed.code)) return refused('place-guest-order', {}, undefined, values, 200);
    // Not the total the page showed (ADR 0319): the form as typed, with the new totals and why:
    // the cart, or (the subtotal as shown) the slot's delivery fee (ADR 0326).
    if (placed.code === TOTAL_CHANGED)
      return quoteOfPosted(context, fields.slotId?.trim()).then((quote) =>
        refused(intent.data, {}, totalChangeOf(fields, quote).message, values, 200, quote),
      );
    // The platform's address rules name their field (`Invalid body: address.postcode: …`).
    const field = /slot/i.test(placed.message)
      ? 'slotId'
      : fieldOfPlatformMessage(placed.message, ADDRESS_FIELD_NAMES);
    return field
      ? again({ [field]: placed.message })
      : again({}, placed.message, placed.status === 409 ? 409 : 400);
  }

  const orderId = OrderId.safeParse(fields.orderId);
  if (!orderId.success) throw data({ message: 'Which order?' }, { status: 400 });
  const account = GuestAccountInput.safeParse({
    password: fields.password ?? '',
    firstName: fields.firstName ?? '',
    lastName: fields.lastName ?? '',
  });
  if (!account.success) {
    const errors = errorsOf(account.error);
    if (errors.password) errors.password = `The password ${errors.password}`;
    return refused('create-account', errors);
  }
  const created = await askPlatform<{ orderId: string }>(context.platform, {
    method: 'POST',
    path: guestOrderPaths.account(orderId.data),
    body: account.data,
  });
  if (created.ok) return redirect(`${GUEST_CHECKOUT}?account=created`);
  if (nothingThere(created.status)) throw data(null, { status: 404 });
  if (created.status >= 500) throw data({ message: created.message }, { status: 502 });
  return refused(
    'create-account',
    {},
    created.message,
    undefined,
    created.status === 409 ? 409 : 400,
  );
}
