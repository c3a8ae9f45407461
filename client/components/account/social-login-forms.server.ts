import { z } from 'zod';
import { SignInBody } from '../../../shared/sign-in-body';
import { intentForms, NO_FIELDS } from '../forms/intent-forms';
import { RegisterForm, ResetRequestForm } from '../registration/account-forms.server';

// The forms the sign-in screen (/social-login) posts to its action, by intent: sign-in without
// JavaScript, sign-out, a provider's sign-in started ("Continue with": the gateway redirects to the
// provider, which returns to /auth/social/{id}/callback), registration, the password reset request.
// An empty intent is a sign-in.
const ReturnTo = z
  .string()
  .optional()
  .describe('Where to go afterwards: a path of this shop (anything else goes home)');

export const SocialLoginForms = intentForms({
  'sign-in': SignInBody.extend({ returnTo: ReturnTo }),
  'sign-out': NO_FIELDS,
  social: z.object({ provider: z.string().describe('A provider’s id'), returnTo: ReturnTo }),
  register: RegisterForm,
  'reset-request': ResetRequestForm,
});
