import { data, type AppLoadContext } from 'react-router';
import { accountPaths } from '../../../shared/contracts/account';
import { fieldErrorsOf, formFields } from '../forms/form-fields';
import type { AccountFormResult, AccountIntent } from './account-form-result';
import { AccountKey, NewPasswordForm } from './account-forms.server';
import { fieldOfPlatformMessage, submitToPlatform } from '../../lib/platform-answer.server';

// The two screens e-mails link to: activation and the new password. The key comes from the URL;
// a key uaa does not know (mistyped, used or expired) is a message on the screen, not an error page.
const answer = (intent: AccountIntent, status: number, result: Omit<AccountFormResult, 'intent'>) =>
  data<AccountFormResult>({ intent, ...result }, { status });

const UNKNOWN_ACTIVATION =
  'This activation link is not valid or was already used. If you activated your account already, just sign in.';
const UNKNOWN_RESET =
  'This reset link is not valid, was already used or has expired. Ask for a new one.';

export async function activateAccount(context: AppLoadContext, activationKey: string) {
  const key = AccountKey.safeParse(activationKey);
  if (!key.success)
    return answer('activate', 404, { done: false, fieldErrors: {}, formError: UNKNOWN_ACTIVATION });
  const activated = await submitToPlatform(context.platform, {
    path: accountPaths.activate,
    body: { key: key.data },
  });
  if (activated.ok) {
    return answer('activate', 200, {
      done: true,
      message: 'Your account is active. You can sign in now.',
      fieldErrors: {},
    });
  }
  // uaa's own words for a refused key (404 "Unknown or already used activation key"), then ours.
  const formError =
    activated.status === 404 ? `${activated.message}. ${UNKNOWN_ACTIVATION}` : activated.message;
  return answer('activate', activated.status, { done: false, fieldErrors: {}, formError });
}

export async function finishReset(context: AppLoadContext, resetKey: string, form: FormData) {
  const fields = formFields(form);
  const passwords = NewPasswordForm.safeParse(fields);
  if (!passwords.success)
    return answer('reset-finish', 400, {
      done: false,
      fieldErrors: fieldErrorsOf(passwords.error),
    });
  const key = AccountKey.safeParse(resetKey);
  if (!key.success)
    return answer('reset-finish', 400, { done: false, fieldErrors: {}, formError: UNKNOWN_RESET });
  const finished = await submitToPlatform(context.platform, {
    path: accountPaths.resetFinish,
    body: { key: key.data, newPassword: passwords.data.newPassword },
  });
  if (finished.ok) {
    return answer('reset-finish', 200, {
      done: true,
      message: 'Your password is changed. Sign in with the new password.',
      fieldErrors: {},
    });
  }
  const field = fieldOfPlatformMessage(finished.message, ['newPassword']);
  return field
    ? answer('reset-finish', 400, { done: false, fieldErrors: { [field]: finished.message } })
    : answer('reset-finish', finished.status, {
        done: false,
        fieldErrors: {},
        formError: finished.message,
      });
}
