// Sign-in answers the shopper reads, the same with JavaScript (the form's fetch to /auth/sign-in)
// and without it (the /social-login form post).
export const WRONG_CREDENTIALS = 'Wrong e-mail or password.';
/** Fields the gateway refuses to send on (an address the browser took, "name@shop"). */
export const CREDENTIALS_REFUSED =
  'Enter your e-mail address, like name@example.com, and your password.';

/**
 * The message of a failed sign-in: the gateway's status and its error message. A 400 is the
 * gateway's refusal of the fields, worded for an API ("Invalid sign-in request: email: must be an
 * e-mail address"): the shopper reads what the form says without JavaScript (docs/decisions/0366).
 */
export function signInErrorMessage(status: number, message: string): string {
  if (status === 401) return WRONG_CREDENTIALS;
  return status === 400 ? CREDENTIALS_REFUSED : message;
}
