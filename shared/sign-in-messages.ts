// Sign-in answers the shopper reads, the same with JavaScript (the form's fetch to /auth/sign-in)
// and without it (the /social-login form post).
export const WRONG_CREDENTIALS = 'Wrong e-mail or password.';
/** Fields the gateway refuses to send on (an address the browser took, "name@shop"). */
export const CREDENTIALS_REFUSED =
  'Enter your e-mail address, like name@example.com, and your password.';
/** The password is right, but the account waits for the link of its activation e-mail. */
export const NOT_ACTIVATED =
  'Your account is not active yet. Follow the link in the e-mail we sent when you created it, then sign in.';

/**
 * The message of a failed sign-in: the gateway's status and its error message. A 400 is the
 * gateway's refusal of the fields, worded for an API ("Invalid sign-in request: email: must be an
 * e-mail address"): the shopper reads what the form says without JavaScript (docs/decisions/0366).
 * A 403 is uaa's only refusal of a right password, an account not activated, in uaa's words
 * ("Account not activated: follow the link in the activation e-mail"; docs/decisions/0377),
 * unless the gateway's CSRF check refused the request itself (`code` csrf, the fetch's only).
 */
export function signInErrorMessage(status: number, message: string, code?: string): string {
  if (status === 401) return WRONG_CREDENTIALS;
  if (status === 403 && code !== 'csrf') return NOT_ACTIVATED;
  return status === 400 ? CREDENTIALS_REFUSED : message;
}
