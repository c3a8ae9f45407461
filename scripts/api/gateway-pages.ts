import { readdir, readFile } from 'node:fs/promises';
import { z } from 'zod';
import { CartIntent } from '../../client/cart/cart-intent';
import { CheckoutIntent } from '../../client/components/checkout/checkout-forms';
import { PlaceOrderForm } from '../../client/components/forms/place-order-forms';
import { OrderIntent } from '../../client/components/orders/order-forms';
import { ListIntent } from '../../client/components/lists/list-action.server';
import { AddressIntent } from '../../client/components/profile/address-action.server';
import { CardIntent } from '../../client/components/profile/card-action.server';
import { InfoIntent } from '../../client/components/profile/info-action.server';
import {
  SmartCartIntent,
  SmartCartsIntent,
} from '../../client/components/smart-carts/smart-cart-action.server';
import { ProfileInfoInput } from '../../shared/contracts/profile';
import { routeTable } from '../../shared/routes';
import { SignInBody } from '../../server/api/schemas';
import { jsonSchema, type JsonSchema } from './json-schema';

// The pages of the gateway's document: a GET per screen of the route table, and a POST for each
// screen whose route module has an action (found in client/routes/, so a new one is picked up),
// with the form contracts the client declares in zod where it does (docs/decisions/0232).
const intents = (intent: z.ZodType) => z.looseObject({ intent });
const FORMS: Record<string, z.ZodType> = {
  cart: CartIntent,
  // Sign-in without JavaScript, sign-out, a provider's sign-in started ("Continue with": the
  // gateway redirects to the provider, which returns to /auth/social/{id}/callback), registration
  // and the password reset request.
  'social-login': z.union([
    SignInBody.extend({ intent: z.literal('sign-in'), returnTo: z.string().optional() }),
    z.object({ intent: z.literal('sign-out') }),
    z.object({
      intent: z.literal('social'),
      provider: z.string(),
      returnTo: z.string().optional(),
    }),
    intents(z.enum(['register', 'reset-request'])),
  ]),
  'shopping-lists': intents(ListIntent),
  'delivery-addresses': intents(AddressIntent),
  'payment-methods': intents(CardIntent),
  'profile-info': ProfileInfoInput.extend({ intent: InfoIntent }),
  'smart-carts': intents(SmartCartsIntent),
  'smart-cart': intents(SmartCartIntent),
  checkout: z.union([
    PlaceOrderForm.extend({ intent: z.literal('place-order') }),
    z.looseObject({ intent: CheckoutIntent.exclude(['place-order']) }),
  ]),
  'order-detail': intents(OrderIntent),
};

/** `/products/{slug+}` → `/products/{slug}`. */
const openApiPath = (path: string) => path.replace(/\{(\w+)\+\}/g, '{$1}');

async function routesWithActions(): Promise<Set<string>> {
  const dir = new URL('../../client/routes/', import.meta.url);
  const found = new Set<string>();
  for (const file of await readdir(dir)) {
    const text = await readFile(new URL(file, dir), 'utf8');
    if (/export (async function|const|function) action\b/.test(text))
      // The cart form's action is the resource route /cart (client/routes.ts).
      found.add(file.replace(/\.tsx?$/, '').replace(/^cart-action$/, 'cart'));
  }
  return found;
}

const html = (description: string) => ({
  description,
  content: { 'text/html': { schema: { type: 'string' } } },
});
const errorRef = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

export async function pageOperations(): Promise<Record<string, Record<string, JsonSchema>>> {
  const actions = await routesWithActions();
  const pages = [
    ...routeTable.map((r) => ({ id: r.id, path: r.path, auth: r.middleware.length > 0 })),
    { id: 'cart', path: '/cart', auth: false },
  ];
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const page of pages) {
    const path = openApiPath(page.path);
    const parameters = [...path.matchAll(/\{(\w+)\}/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    const operations: Record<string, JsonSchema> = {
      get: {
        operationId: `page-${page.id}`.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()),
        summary: `The ${page.id} screen`,
        tags: ['pages'],
        security: [],
        ...(parameters.length ? { parameters } : {}),
        responses: {
          200: html('The page (append `.data` for React Router’s data request)'),
          ...(page.auth ? { 302: { description: 'Not signed in: to the sign-in screen' } } : {}),
          404: html('The 404 page'),
          414: errorRef('uri_too_long'),
        },
      },
    };
    if (actions.has(page.id)) {
      const form = FORMS[page.id] ?? z.looseObject({ intent: z.string().optional() });
      const schema = jsonSchema(form, 'input');
      operations.post = {
        operationId: `action-${page.id}`.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()),
        summary: `The ${page.id} screen’s form action`,
        description:
          'A form post from the shop’s own page (Origin, or Sec-Fetch-Site: same-origin). Fields are strings; `intent` says which form. At most 1,000 fields (413 too_many_fields) and the body limit.',
        tags: ['pages'],
        security: [],
        ...(parameters.length ? { parameters } : {}),
        requestBody: {
          required: true,
          content: {
            'application/x-www-form-urlencoded': { schema },
            'multipart/form-data': { schema },
          },
        },
        responses: {
          200: html('The page with the form’s result (its field errors)'),
          303: { description: 'Done: to the next page (Location)' },
          400: html('The page with the form’s field errors'),
          403: errorRef('csrf: not from the shop’s own page'),
          409: html('The page with the conflict (an order no longer editable)'),
          413: errorRef('too_many_fields, or payload_too_large'),
        },
      };
    }
    paths[path] = operations;
  }
  return paths;
}
