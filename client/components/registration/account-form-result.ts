// What the account forms' actions (register, reset request, activation, new password) answer. No
// password is ever part of it: after a mistake the password fields are typed again.
export type AccountIntent = 'register' | 'reset-request' | 'activate' | 'reset-finish';

export type AccountFormResult = {
  intent: AccountIntent;
  /** The request went through; `message` says what happens next. */
  done: boolean;
  message?: string;
  fieldErrors: Record<string, string>;
  formError?: string;
  /** The e-mail's link is not valid (any more): the screen says what next, without its form. */
  linkRefused?: boolean;
  /** Text the shopper typed, to fill the form again (names and e-mail only). */
  values?: Record<string, string>;
};

/** The result of one intent, when the action's answer is about that form. */
export function resultFor(result: unknown, intent: AccountIntent): AccountFormResult | undefined {
  const candidate = result as AccountFormResult | undefined;
  return candidate && typeof candidate === 'object' && candidate.intent === intent
    ? candidate
    : undefined;
}

/**
 * uaa's minimum password length (PASSWORD_MIN_LENGTH of shared/contracts/account.ts, restated here
 * because that module brings zod into the browser; tests/integration/client-account.test.ts keeps
 * the two equal). The server checks with uaa's own constant.
 */
export const PASSWORD_MIN = 8;
