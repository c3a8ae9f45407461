import type { z } from 'zod';
import { SocialLoginForms } from '../../client/components/account/social-login-forms.server';
import { SignInMethodForms } from '../../client/components/account/sign-in-methods.server';
import { CartIntent } from '../../client/cart/cart-intent';
import { CheckoutForms } from '../../client/components/checkout/checkout-forms';
import { BlinkReportForm } from '../../client/components/diagnostics/blink-report.server';
import { NO_FIELDS } from '../../client/components/forms/intent-forms';
import { GuestCheckoutForms } from '../../client/components/guest-checkout/guest-checkout-action.server';
import { ListForms } from '../../client/components/lists/list-action.server';
import { OrderForms } from '../../client/components/orders/order-forms';
import { AddressForms } from '../../client/components/profile/address-action.server';
import { CardForms } from '../../client/components/profile/card-action.server';
import { InfoForms } from '../../client/components/profile/info-action.server';
import { NewPasswordForm } from '../../client/components/registration/account-forms.server';
import {
  SmartCartForms,
  SmartCartsForms,
} from '../../client/components/smart-carts/smart-cart-action.server';

// The form each page action reads, by page id (docs/decisions/0232): the very schemas the actions
// check their fields with, so the gateway's document says what the code accepts. A page whose
// module has an action and no entry here fails `npm run api:docs` (scripts/api/gateway-pages.ts).
export const PAGE_FORMS: Readonly<Record<string, z.ZodType>> = {
  cart: CartIntent,
  'checkout-guest': GuestCheckoutForms.posted,
  'social-login': SocialLoginForms.posted,
  profile: SignInMethodForms.posted,
  'shopping-lists': ListForms.posted,
  'delivery-addresses': AddressForms.posted,
  'payment-methods': CardForms.posted,
  'profile-info': InfoForms.posted,
  'smart-carts': SmartCartsForms.posted,
  'smart-cart': SmartCartForms.posted,
  checkout: CheckoutForms.posted,
  'order-detail': OrderForms.posted,
  'password-reset': NewPasswordForm,
  // The key is the page's path parameter; the form is a button.
  'account-activation': NO_FIELDS,
  'blink-test': BlinkReportForm,
  // A button that reports a deliberate server error.
  'sentry-test': NO_FIELDS,
};
