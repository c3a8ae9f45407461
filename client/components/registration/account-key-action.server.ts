import { data, type AppLoadContext } from 'react-router';
import { accountPaths } from '../../../shared/contracts/account';
import { fieldErrorsOf, formFields } from '../forms/form-fields';
import type { AccountFormResult, AccountIntent } from './account-form-result';
import { AccountKey, NewPasswordForm } from './account-forms.server';
import { fieldOfPlatformMessage, submitToPlatform } from '../../lib/platform-answer.server';

// The two screens e-mails link to: activation and the new password. The key comes from the URL;
// a key uaa does not know (mistyped, used or expired) is a message on the screen, not an error
// page, in the shop's words: uaa's speak of keys ("Unknown or already used activation key"),
// which the shopper never saw (docs/decisions/0377).
const answer = (intent: AccountIntent, status: number, result: Omit<AccountFormResult, 'intent'>) =>
  data<AccountFormResult>({ intent, ...result }, { status });

const UNKNOWN_ACTIVATION =
  'This activation link is not valid or was already used. If you activated your account already, just sign in.';
const UNKNOWN_RESET =
  'This reset link is not valid, was already used or has expired. Ask for a new one.';

const linkRefused = (formError: string) => ({
  done: false,
  fieldErrors: {},
  formError,
  linkRefused: true,
});

export async function activateAccount(context: AppLoadContext, activationKey: string) {
  const key = AccountKey.safeParse(activationKey);
  if (!key.success) return answer('activate', 404, linkRefused(UNKNOWN_ACTIVATION));
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
  if (activated.status === 404) return answer('activate', 404, linkRefused(UNKNOWN_ACTIVATION));
  return answer('activate', activated.status, {
    done: false,
    fieldErrors: {},
    formError: activated.message,
  });
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
  if (!key.success) return answer('reset-finish', 400, linkRefused(UNKNOWN_RESET));
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
  if (field)
    return answer('reset-finish', 400, { done: false, fieldErrors: { [field]: finished.message } });
  // uaa's 400 for a key it does not know, used or expired ("Unknown, used or expired reset key").
  if (finished.status === 400) return answer('reset-finish', 400, linkRefused(UNKNOWN_RESET));
  return answer('reset-finish', finished.status, {
    done: false,
    fieldErrors: {},
    formError: finished.message,
  });
}
