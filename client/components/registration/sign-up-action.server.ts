import { data, type AppLoadContext } from 'react-router';
import { accountPaths } from '../../../shared/contracts/account';
import { fieldErrorsOf, formFields } from '../forms/form-fields';
import type { AccountFormResult, AccountIntent } from './account-form-result';
import { RegisterForm, ResetRequestForm } from './account-forms.server';
import { fieldOfPlatformMessage, submitToPlatform } from '../../lib/platform-answer.server';

// The sign-in screen's server-side forms: "Create an account" and "Forgot your password?". Both
// call uaa from here (they hand out no token, so the gateway's cookies are not involved).
const refused = (
  intent: AccountIntent,
  status: number,
  fieldErrors: Record<string, string>,
  formError?: string,
  values?: Record<string, string>,
) => data<AccountFormResult>({ intent, done: false, fieldErrors, formError, values }, { status });

// The reset request answers the same whether or not the e-mail has an account, so that the form
// cannot be used to find out who shops here.
export const RESET_REQUESTED =
  'If an account exists for this e-mail, we have sent it a link to choose a new password. The link works for 24 hours.';

async function register(context: AppLoadContext, fields: Record<string, string>) {
  const values = {
    firstName: fields.firstName ?? '',
    lastName: fields.lastName ?? '',
    email: fields.email ?? '',
  };
  const form = RegisterForm.safeParse(fields);
  if (!form.success) return refused('register', 400, fieldErrorsOf(form.error), undefined, values);
  const answer = await submitToPlatform(context.platform, {
    path: accountPaths.register,
    body: form.data,
  });
  // The same answer whether or not the e-mail has an account: uaa mails its owner instead
  // (docs/decisions/0132).
  if (answer.ok) {
    const message = `We have sent an e-mail to ${form.data.email}. Follow its link to activate your account, then sign in. If you already have an account, the e-mail tells you how to sign in.`;
    return data<AccountFormResult>({ intent: 'register', done: true, message, fieldErrors: {} });
  }
  const field = fieldOfPlatformMessage(answer.message, [
    'firstName',
    'lastName',
    'email',
    'password',
  ]);
  return field
    ? refused('register', 400, { [field]: answer.message }, undefined, values)
    : refused('register', answer.status, {}, answer.message, values);
}

async function requestReset(context: AppLoadContext, fields: Record<string, string>) {
  const form = ResetRequestForm.safeParse(fields);
  if (!form.success)
    return refused('reset-request', 400, fieldErrorsOf(form.error), undefined, {
      email: fields.email ?? '',
    });
  const answer = await submitToPlatform(context.platform, {
    path: accountPaths.resetInit,
    body: form.data,
  });
  if (!answer.ok)
    return refused('reset-request', answer.status, { email: answer.message }, undefined, {
      email: form.data.email,
    });
  return data<AccountFormResult>({
    intent: 'reset-request',
    done: true,
    message: RESET_REQUESTED,
    fieldErrors: {},
  });
}

/** The action of the sign-in screen's own forms, or null when the post is not one of them. */
export async function signUpAction(context: AppLoadContext, form: FormData) {
  const intent = form.get('intent');
  // Another form of the screen (sign-in without JavaScript, "Continue with"): not read here.
  if (intent !== 'register' && intent !== 'reset-request') return null;
  // Registration and reset requests count in the address's 'account' bucket, apart from sign-in
  // (docs/decisions/0242).
  const allowed = await context.limit('account');
  if (!allowed.ok)
    return refused(
      intent,
      429,
      {},
      `Too many account requests from your address; try again in ${allowed.retryAfter} s.`,
    );
  if (intent === 'register') return register(context, formFields(form));
  return requestReset(context, formFields(form));
}
